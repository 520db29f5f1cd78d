import { Honeypot } from "remix-utils/honeypot/server";
import { issueFillToken } from "~/server/leads/fill-time";
import { TEST_PHONE_NUMBER } from "~/server/leads/phone";
import type { FlowDefinition } from "~/server/multi-step/flow-types";
import type { StepField } from "~/server/multi-step/step-schema";
import type { Vehicle } from "~/server/stock/vehicle";
import type { Tenant } from "~/server/tenants/load";
import { freshIp, TEST_SECRET, type FormsApp, type Reply } from "./forms-harness";

export type Upload = { filename: string; type: string; bytes: Buffer };
export type PostOptions = {
  intent?: "submit" | "back" | "skip" | "lookup";
  fillToken?: string;
  honeypot?: string;
  ip?: string;
  files?: Upload[];
};

const honeypot = new Honeypot({ encryptionSeed: TEST_SECRET });

/** A value each step field accepts on any demo tenant (the test phone number is accepted in every region). */
export function validStepValue(field: StepField): string | null {
  const { rule } = field;
  switch (rule.kind) {
    case "name":
      return field.name === "last_name" ? "Citizen" : "Jane";
    case "email":
      return "jane@example.com";
    case "phone":
      return TEST_PHONE_NUMBER;
    case "postcode":
      return "2000";
    case "choice":
      return rule.required ? rule.values[0] : null;
    case "text":
      return rule.required ? `${field.label} text` : null;
    case "year":
      return "2018";
    case "whole":
      return "5";
    case "money":
      return "$25,000";
    case "checkbox":
      return field.defaultValue === true ? "on" : null;
    case "terms":
      return "on";
    case "photos":
      return null;
  }
}

export function validStep(
  flow: FlowDefinition,
  step: number,
  tenant: Tenant,
  car: Vehicle | null = null,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of flow.steps[step - 1].fields({ tenant, car })) {
    const value = validStepValue(field);
    if (value !== null) values[field.name] = value;
  }
  return { ...values, ...overrides };
}

function multipartBody(fields: [string, string][], files: [string, Upload][]): { body: Buffer; contentType: string } {
  const boundary = `----flowtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, file] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One browser: its own cookie jar, following what the app sets and clears. */
export class FlowVisitor {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FormsApp,
    readonly host: string,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private absorb(reply: Reply): Reply {
    const set = reply.headers["set-cookie"] ?? [];
    for (const line of set) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const expired = /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
      if (expired) this.jar.delete(name);
      else this.jar.set(name, pair.slice(at + 1));
    }
    return reply;
  }

  async get(urlPath: string): Promise<Reply> {
    return this.absorb(await this.app.send(this.host, urlPath, { headers: { cookie: this.cookieHeader() } }));
  }

  /** A step POST as the page sends it: honeypot inputs, fill token, `step`, the pressed button's intent. */
  async post(flow: FlowDefinition, step: number, fields: Record<string, string>, options: PostOptions = {}): Promise<Reply> {
    const slug = this.host.split(".")[0];
    const pairs: [string, string][] = [
      ["name__confirm", options.honeypot ?? ""],
      ["from__confirm", honeypot.getInputProps({ validFromTimestamp: Date.now() - 60_000 }).encryptedValidFrom ?? ""],
      ["_fill", options.fillToken ?? issueFillToken(slug, Date.now() - 5000, [TEST_SECRET])],
      ["step", String(step)],
      ["intent", options.intent ?? "submit"],
      ...Object.entries(fields),
    ];
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | Buffer;
    if (options.files) {
      const multipart = multipartBody(
        pairs,
        options.files.map((file) => ["photos", file]),
      );
      body = multipart.body;
      headers["content-type"] = multipart.contentType;
    } else {
      body = new URLSearchParams(pairs).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const reply = await this.app.send(this.host, `${flow.path}?step=${step}`, {
      method: "POST",
      body,
      headers,
      ip: options.ip ?? freshIp(),
    });
    return this.absorb(reply);
  }
}

/** The smallest valid PNG (1×1), and a PDF that a photo step must refuse. */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4830000000049454e44ae426082",
  "hex",
);
export const PDF_BYTES = Buffer.from("%PDF-1.4\n%test\n");
