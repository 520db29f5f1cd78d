// Prints the url-encoded body a browser without JavaScript would send from the first <form> of an
// HTML page: every named input's value (checkboxes only when checked), each select's selected option
// (when it has a value) or else its first option with a value, every textarea's text; then the given fields over those.
// Usage: node form-fields.mjs PAGE.html '{"name":"…","email":"…"}'
import { readFileSync } from "node:fs";

const html = readFileSync(process.argv[2], "utf8");
const overrides = JSON.parse(process.argv[3] ?? "{}");
const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const has = (tag, name) => new RegExp(`\\s${name}(=|\\s|/?>)`).test(tag);
const text = (value) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const body = new URLSearchParams();
for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
  const name = attr(tag, "name");
  const type = attr(tag, "type") ?? "text";
  if (!name || ((type === "checkbox" || type === "radio") && !has(tag, "checked"))) continue;
  body.append(name, text(attr(tag, "value") ?? (type === "checkbox" ? "on" : "")));
}
for (const [, open, options] of form.matchAll(/(<select\b[^>]*>)([\s\S]*?)<\/select>/g)) {
  const name = attr(open, "name");
  const all = [...options.matchAll(/<option\b[^>]*>/g)].map(([tag]) => tag);
  const chosen = all.find((tag) => has(tag, "selected") && attr(tag, "value")) ?? all.find((tag) => attr(tag, "value"));
  if (name && chosen) body.append(name, text(attr(chosen, "value") ?? ""));
}
for (const [, open, content] of form.matchAll(/(<textarea\b[^>]*>)([\s\S]*?)<\/textarea>/g)) {
  const name = attr(open, "name");
  if (name) body.append(name, text(content));
}
for (const [name, value] of Object.entries(overrides)) body.set(name, String(value));
process.stdout.write(body.toString());
