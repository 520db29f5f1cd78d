import { certifiedUsedLabel } from "~/server/stock/certified-used";
import { InfoDialog } from "./info-dialog";
import { Panel } from "./panel";

/** spec 000 §2: the certified-used information modal, for the site's one certified manufacturer. */
export function CertifiedUsedDialog({ make, initiallyOpen }: { make: string; initiallyOpen: boolean }) {
  const label = certifiedUsedLabel(make);
  return (
    <Panel headingId="certified-heading" heading={label} testId="vehicle-certified">
      <p className="mt-1 text-sm">This vehicle is part of the {make} certified used program.</p>
      <div className="mt-2">
        <InfoDialog
          id="certified-used"
          title={`About ${label}`}
          openLabel="What certified used means"
          param="certified"
          initiallyOpen={initiallyOpen}
          testId="certified-dialog"
        >
          <p>
            Certified used vehicles meet {make}&apos;s certification standards before they are offered for sale, including a multi-point
            inspection by trained technicians.
          </p>
          <p>Ask us for the inspection report and for the warranty and benefits that come with this vehicle.</p>
        </InfoDialog>
      </div>
    </Panel>
  );
}
