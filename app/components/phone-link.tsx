import type { ReactNode } from "react";
import { telHref } from "~/server/lib/format";

/** A written phone number as a tel: link (spec 000 §2), or as text when it has no digits to dial. */
export function PhoneLink({
  phone,
  className,
  testId,
  children,
}: {
  phone: string;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const href = telHref(phone);
  const content = children ?? phone;
  if (href === null) {
    return (
      <span className={className} data-testid={testId}>
        {content}
      </span>
    );
  }
  return (
    <a href={href} className={className} data-testid={testId}>
      {content}
    </a>
  );
}

/** A number masked until the visitor reveals it (spec 000 §2): the asterisks are not read out. */
export function HiddenPhone({ masked, className, testId }: { masked: string; className?: string; testId?: string }) {
  return (
    <span className={className} data-testid={testId}>
      <span aria-hidden="true">{masked}</span>
      <span className="sr-only">Phone number hidden</span>
    </span>
  );
}
