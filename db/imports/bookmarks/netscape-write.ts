/**
 * Writes a bookmark file as Chromium's exporter does (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`, four spaces a
 * level, dates in seconds), which every browser imports: a folder is `<DT><H3>` and the `<DL>` after it, a
 * link `<DT><A HREF ADD_DATE>`, a description the `<DD>` after either (browsers keep it or drop it).
 */

export interface FolderToWrite {
  name: string;
  description: string;
  addedAt: Date;
  links: LinkToWrite[];
}

export interface LinkToWrite {
  url: string;
  title: string;
  addedAt: Date;
  note: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
/** A description on one line: a line break would end the `<DD>` for some readers. */
const oneLine = (value: string) => value.replace(/\s*\n\s*/g, ' ');

function linkLines(link: LinkToWrite, indent: string): string[] {
  const lines = [
    `${indent}<DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${seconds(link.addedAt)}">${escapeHtml(link.title)}</A>`,
  ];
  if (link.note) lines.push(`${indent}<DD>${escapeHtml(oneLine(link.note))}`);
  return lines;
}

/** The file: each folder in order, then the links in no folder, at the top level (a browser files them where it files imports). */
export function writeBookmarkFile(folders: FolderToWrite[], looseLinks: LinkToWrite[]): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (const folder of folders) {
    const modified = folder.links.reduce(
      (latest, link) => Math.max(latest, link.addedAt.getTime()),
      folder.addedAt.getTime(),
    );
    lines.push(
      `    <DT><H3 ADD_DATE="${seconds(folder.addedAt)}" LAST_MODIFIED="${seconds(new Date(modified))}">${escapeHtml(folder.name)}</H3>`,
    );
    if (folder.description) lines.push(`    <DD>${escapeHtml(oneLine(folder.description))}`);
    lines.push('    <DL><p>');
    for (const link of folder.links) lines.push(...linkLines(link, '        '));
    lines.push('    </DL><p>');
  }
  for (const link of looseLinks) lines.push(...linkLines(link, '    '));
  lines.push('</DL><p>');
  return `${lines.join('\n')}\n`;
}
