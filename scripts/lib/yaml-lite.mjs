// A small YAML reader for the subset docker-compose.yml uses: block mappings and sequences, plain and
// quoted scalars, flow sequences kept as strings, comments, anchors (&name), aliases (*name) and merge
// keys (<<: *name). Enough to check the compose file without a YAML dependency; not a general parser.

function stripComment(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[,-]/.test(line[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i);
    }
  }
  return line;
}

function scalar(text) {
  const t = text.trim();
  if (t === '' || t === '~' || t === 'null') return null;
  if (t.startsWith('"') && t.endsWith('"')) return JSON.parse(t);
  if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}

export function parseYaml(text) {
  const lines = [];
  for (const raw of text.split(/\r?\n/)) {
    const noComment = stripComment(raw).replace(/\s+$/, '');
    if (!noComment.trim()) continue;
    if (/^\t/.test(noComment)) throw new Error('tabs are not allowed for indentation');
    lines.push({ indent: noComment.length - noComment.trimStart().length, text: noComment.trim() });
  }
  const anchors = {};
  let i = 0;

  function parseBlock(indent) {
    if (i >= lines.length) return null;
    return lines[i].text.startsWith('- ') || lines[i].text === '-' ? parseSeq(indent) : parseMap(indent);
  }

  function valueAfter(rest, parentIndent) {
    let anchor = null;
    let v = rest.trim();
    const a = /^&([\w-]+)\s*(.*)$/.exec(v);
    if (a) {
      anchor = a[1];
      v = a[2];
    }
    let value;
    if (v === '') {
      value = i < lines.length && lines[i].indent > parentIndent ? parseBlock(lines[i].indent) : null;
    } else if (v.startsWith('*')) {
      const name = v.slice(1);
      if (!(name in anchors)) throw new Error(`unknown alias *${name}`);
      value = anchors[name];
    } else {
      value = scalar(v);
    }
    if (anchor) anchors[anchor] = value;
    return value;
  }

  function parseMap(indent) {
    const map = {};
    while (i < lines.length && lines[i].indent === indent && !lines[i].text.startsWith('- ')) {
      const { text } = lines[i];
      const m = /^("[^"]*"|'[^']*'|[^:]+?)\s*:(?:\s+(.*)|$)/.exec(text);
      if (!m) throw new Error(`cannot read line: ${text}`);
      i++;
      const key = scalar(m[1]);
      const value = valueAfter(m[2] ?? '', indent);
      if (key === '<<') {
        for (const src of Array.isArray(value) ? value : [value]) {
          for (const [k, v] of Object.entries(src || {})) if (!(k in map)) map[k] = v;
        }
      } else {
        map[key] = value;
      }
    }
    return map;
  }

  function parseSeq(indent) {
    const seq = [];
    while (i < lines.length && lines[i].indent === indent && (lines[i].text.startsWith('- ') || lines[i].text === '-')) {
      const rest = lines[i].text.slice(1).trim();
      if (/^[^"'\s][^:]*:\s|^[^"'\s][^:]*:$/.test(rest)) {
        // "- key: value" starts a mapping item: re-read it as a map at the item's inner indent.
        lines[i] = { indent: indent + 2, text: rest };
        seq.push(parseMap(indent + 2));
      } else {
        i++;
        seq.push(valueAfter(rest, indent));
      }
    }
    return seq;
  }

  // Numbers and booleans stay strings: the check only needs names and text.
  return parseBlock(0);
}
