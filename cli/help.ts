/** The Examples section that ends every command's --help: what to type, with a line on what it does. */
export function examples(...items: [what: string, command: string][]): string {
  return ['', 'Examples:', ...items.map(([what, command]) => `  # ${what}\n  $ ${command}`)].join('\n');
}
