/**
 * Text written over several source lines and read as one: each line break, with the indentation around it,
 * becomes one space. For the contract's long descriptions, which would otherwise be lines of 800 characters.
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings
    .reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}
