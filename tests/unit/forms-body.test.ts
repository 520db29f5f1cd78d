import { describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES, MAX_FILES } from "~/server/leads/files";
import { MAX_FORM_BYTES, readFormBody, readJsonBody, readLimitedBytes, readMultipartBody } from "~/server/handlers/shared/body";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

function post(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  return new Request("http://harbourside.localhost/contact", {
    method: "POST",
    body,
    headers: { "content-type": contentType, ...headers },
  });
}

/** A body without Content-Length (chunked), to prove the limit holds while streaming. */
function chunked(bytes: number, contentType: string) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Request("http://harbourside.localhost/contact", {
    method: "POST",
    body: stream,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

describe("readLimitedBytes", () => {
  it("reads a body within the limit and stops one over it, declared or streamed", async () => {
    expect((await readLimitedBytes(post("abc", "text/plain"), 3))?.byteLength).toBe(3);
    expect(await readLimitedBytes(post("abcd", "text/plain"), 3)).toBeNull();
    expect(await readLimitedBytes(chunked(200 * 1024, "text/plain"), 100 * 1024)).toBeNull();
  });
});

describe("readFormBody", () => {
  it("parses url-encoded and multipart forms", async () => {
    const encoded = await readFormBody(post("name=Jane&opt_in=on", "application/x-www-form-urlencoded"));
    expect(encoded.ok && encoded.value.get("name")).toBe("Jane");
    const form = new FormData();
    form.append("name", "Jane");
    const multipart = await readFormBody(new Request("http://x/contact", { method: "POST", body: form }));
    expect(multipart.ok && multipart.value.get("name")).toBe("Jane");
  });

  it("answers 413 over 1 MB and 415 for other types", async () => {
    expect(await readFormBody(post(`message=${"x".repeat(MAX_FORM_BYTES)}`, "application/x-www-form-urlencoded"))).toEqual({
      ok: false,
      status: 413,
      message: REQUEST_MESSAGES.bodyTooLarge,
    });
    expect(await readFormBody(chunked(MAX_FORM_BYTES + 1, "application/x-www-form-urlencoded"))).toMatchObject({ ok: false, status: 413 });
    expect(await readFormBody(post("{}", "application/json"))).toMatchObject({ ok: false, status: 415 });
  });
});

describe("readJsonBody", () => {
  it("parses JSON and refuses broken JSON or another type", async () => {
    expect(await readJsonBody(post('{"lead":{}}', "application/json"))).toEqual({ ok: true, value: { lead: {} } });
    expect(await readJsonBody(post("{", "application/json"))).toMatchObject({ ok: false, status: 400 });
    expect(await readJsonBody(post("a=1", "application/x-www-form-urlencoded"))).toMatchObject({ ok: false, status: 415 });
  });
});

describe("readMultipartBody", () => {
  it("keeps the lead field and files, and refuses more than MAX_FILES files", async () => {
    const form = new FormData();
    form.append("lead", "{}");
    form.append("files", new File([new Uint8Array([1, 2, 3])], "a.png"));
    const ok = await readMultipartBody(new Request("http://x/api/leads/with-files", { method: "POST", body: form }));
    expect(ok.ok && ok.value.get("lead")).toBe("{}");
    expect(ok.ok && ok.value.get("files") instanceof File).toBe(true);

    const many = new FormData();
    for (let i = 0; i <= MAX_FILES; i += 1) many.append("files", new File([new Uint8Array([i])], `${i}.png`));
    expect(await readMultipartBody(new Request("http://x/api/leads/with-files", { method: "POST", body: many }))).toEqual({
      ok: false,
      status: 400,
      message: UPLOAD_MESSAGES.count,
    });
  });
});
