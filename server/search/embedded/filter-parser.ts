import { InvalidSearchQueryError } from "./invalid-query";

/** `attr = value`: strings compare case-insensitively and numbers numerically, as in Meilisearch. */
export type EqualsCondition = { type: "equals"; attribute: string; value: string };
/** `attr >= n`, `>`, `<=`, `<` and `attr n TO m`, as one numeric interval. */
export type RangeCondition = {
  type: "range";
  attribute: string;
  min: number;
  max: number;
  minInclusive: boolean;
  maxInclusive: boolean;
};
export type FilterCondition = EqualsCondition | RangeCondition;

const attributePattern = /^[A-Za-z_][A-Za-z0-9_.]*/;
const numberPattern = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/;
const barewordPattern = /^[^\s"'()[\]]+/;

/** Parse one expression of the documented subset (server/search/types.ts); throws InvalidSearchQueryError. */
export function parseFilterExpression(expression: string): FilterCondition {
  const reader = new Reader(expression);
  const attribute = reader.take(attributePattern, "an attribute name");
  reader.skipSpaces();
  const operator = reader.operator();
  let condition: FilterCondition;
  if (operator === "=") {
    condition = { type: "equals", attribute, value: reader.value() };
  } else if (operator === "TO") {
    throw reader.fail("an operator");
  } else if (operator === null) {
    const min = reader.number();
    reader.skipSpaces();
    reader.keyword("TO");
    const max = reader.number();
    condition = { type: "range", attribute, min, max, minInclusive: true, maxInclusive: true };
  } else {
    const bound = reader.number();
    const lower = operator === ">" || operator === ">=";
    condition = {
      type: "range",
      attribute,
      min: lower ? bound : -Infinity,
      max: lower ? Infinity : bound,
      minInclusive: operator !== ">",
      maxInclusive: operator !== "<",
    };
  }
  reader.skipSpaces();
  if (!reader.done()) throw reader.fail("the end of the expression");
  return condition;
}

class Reader {
  private position = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    return this.position >= this.text.length;
  }

  skipSpaces(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position])) this.position += 1;
  }

  take(pattern: RegExp, expected: string): string {
    this.skipSpaces();
    const match = pattern.exec(this.text.slice(this.position));
    if (!match) throw this.fail(expected);
    this.position += match[0].length;
    return match[0];
  }

  /** `=`, a comparison, or null when the next token starts a `n TO m` range. */
  operator(): "=" | ">=" | "<=" | ">" | "<" | "TO" | null {
    const rest = this.text.slice(this.position);
    for (const candidate of [">=", "<=", "=", ">", "<"] as const) {
      if (rest.startsWith(candidate)) {
        this.position += candidate.length;
        return candidate;
      }
    }
    if (rest.startsWith("!=")) throw this.fail("one of =, >=, <=, >, < or TO (!= is not supported)");
    if (/^TO\b/.test(rest)) return "TO";
    if (numberPattern.test(rest)) return null;
    throw this.fail("one of =, >=, <=, >, < or TO");
  }

  keyword(word: string): void {
    if (!this.text.startsWith(word, this.position)) throw this.fail(`\`${word}\``);
    this.position += word.length;
  }

  number(): number {
    const text = this.take(numberPattern, "a number");
    return Number(text);
  }

  /** A quoted string with backslash escapes, or a bare word such as true, 2020 or Toyota. */
  value(): string {
    this.skipSpaces();
    const quote = this.text[this.position];
    if (quote !== '"' && quote !== "'") return this.take(barewordPattern, "a value");
    let value = "";
    let index = this.position + 1;
    while (index < this.text.length) {
      const char = this.text[index];
      if (char === "\\" && index + 1 < this.text.length) {
        value += this.text[index + 1];
        index += 2;
      } else if (char === quote) {
        this.position = index + 1;
        return value;
      } else {
        value += char;
        index += 1;
      }
    }
    throw this.fail(`a closing ${quote}`);
  }

  fail(expected: string): InvalidSearchQueryError {
    const found = this.done() ? "the end" : `\`${this.text.slice(this.position, this.position + 12)}\``;
    return new InvalidSearchQueryError(
      `Invalid filter \`${this.text}\`: expected ${expected} at character ${this.position + 1}, found ${found}`,
    );
  }
}
