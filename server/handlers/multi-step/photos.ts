import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/types";
import { checkUploads, type CheckedUpload, type Upload } from "~/server/leads/files";
import type { StoredFile } from "~/server/leads/store";
import { LeadStoreUnavailableError } from "~/server/leads/store-errors";
import type { Tenant } from "~/server/tenants/load";
import { STEP_MESSAGES } from "~/server/multi-step/messages";

/** The flows take photos only: files.ts also accepts PDF documents, which a photo step refuses. */
export async function checkPhotos(
  uploads: readonly Upload[],
): Promise<{ ok: true; files: CheckedUpload[] } | { ok: false; error: string }> {
  const checked = await checkUploads(uploads);
  if (!checked.ok) return checked;
  if (checked.files.some((file) => !file.type.contentType.startsWith("image/"))) return { ok: false, error: STEP_MESSAGES.photosType };
  return checked;
}

/** The File parts of a multipart step (empty file inputs included; checkUploads ignores them). */
export function uploadsOf(formData: FormData, name: string): File[] {
  return formData.getAll(name).filter((value): value is File => value instanceof File);
}

/**
 * Photos sent on a step after the lead was created. store.ts only writes file rows with a new lead
 * (saveLead), so this adapter adds them to the existing one; the lead's own row is updated by the
 * step as usual (has_files). The lead was just read for this tenant by updateLead.
 */
export async function attachPhotos(
  db: Kysely<Database>,
  tenant: Tenant,
  leadId: string,
  files: readonly StoredFile[],
  now: number,
): Promise<void> {
  if (files.length === 0) return;
  try {
    await db
      .insertInto("lead_files")
      .values(files.map((file) => ({ id: randomUUID(), lead_id: leadId, tenant: tenant.slug, ...file, created_at: now })))
      .execute();
  } catch (error) {
    throw new LeadStoreUnavailableError(error);
  }
}
