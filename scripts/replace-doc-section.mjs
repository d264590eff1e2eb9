// Replaces the generated section NAME of a Markdown file: the lines between
// "<!-- NAME:begin -->" and "<!-- NAME:end -->" become the text read from standard input.
//
//   node scripts/replace-doc-section.mjs FILE NAME [--append] < section.md
//
// Without the markers the file is left alone and the script fails, unless --append is given:
// then the markers (and the section) are added at the end of the file.
import fs from "node:fs";

const [file, name, flag] = process.argv.slice(2);
if (!file || !name || (flag && flag !== "--append")) {
  console.error("usage: replace-doc-section.mjs FILE NAME [--append] < SECTION");
  process.exit(2);
}
const begin = `<!-- ${name}:begin -->`;
const end = `<!-- ${name}:end -->`;
const section = fs.readFileSync(0, "utf8").replace(/\n$/, "");
let text = fs.readFileSync(file, "utf8");
const hasMarker = (m) => text.split("\n").includes(m);
if (!hasMarker(begin) || !hasMarker(end)) {
  if (flag !== "--append") {
    console.error(`replace-doc-section: ${file} has no ${begin} / ${end} markers`);
    process.exit(1);
  }
  text += `\n${begin}\n${end}\n`;
}
const i = text.indexOf(begin);
const j = text.indexOf(end);
fs.writeFileSync(file, text.slice(0, i + begin.length) + "\n" + section + "\n" + text.slice(j));
