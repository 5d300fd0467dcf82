import { siteColours } from '../facts';
import { styleSource } from '../pages/shell';

/**
 * The client's page's whole stylesheet, inline (one request, no file to serve): the site's colours
 * (lib/design-tokens.ts) and its system font, made for a 360 px phone first. The page's
 * Content-Security-Policy allows this one style by its hash, and nothing else.
 */

const { brand, accent, ink, surface } = siteColours;

export const CLIENT_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:${ink.DEFAULT};background:${surface}}
a{color:${brand[700]}}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid ${accent[500]};outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px}
.top{background:${brand[800]};color:#fff;padding:12px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;justify-content:space-between;align-items:center}
.top a{color:#fff;font-weight:600;text-decoration:none}
main{max-width:860px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;line-height:1.25;margin:8px 0 12px;color:${brand[900]}}
h2{font-size:1.2rem;margin:0 0 8px;color:${brand[900]}}
h3{font-size:1rem;margin:12px 0 4px}
.card{background:#fff;border:1px solid ${brand[100]};border-radius:12px;padding:16px;margin:0 0 16px}
.state{display:inline-block;font-weight:700;border-radius:999px;padding:4px 12px;margin:0 0 8px;background:${brand[50]};color:${brand[800]}}
.state.accepted{background:#e3f4e8;color:#1d6b36}.state.refused,.state.expired,.state.replaced,.state.withdrawn{background:#fdecec;color:#9b1c1c}
.card.demo{background:#fff7e0;border-color:#e0b54a}
.nowrap{white-space:nowrap}
.muted{color:${ink.muted}}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;font-size:.95rem}
caption{text-align:left;font-weight:700;padding:0 0 8px}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid ${brand[100]};vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-bottom:0}tfoot tr.ttc th,tfoot tr.ttc td{font-size:1.1rem;font-weight:700;color:${brand[900]}}
.designation{white-space:pre-line;overflow-wrap:anywhere}
@media (max-width:640px){
 table.lines,table.lines caption,table.lines tbody,table.lines tfoot{display:block;width:100%}
 table.lines thead{position:absolute;left:-9999px}
 table.lines tfoot tr{display:flex;justify-content:space-between;gap:12px;padding:6px 0}
 table.lines tfoot th,table.lines tfoot td{display:block;padding:0;border:0}
 table.lines tbody tr{display:block;border-bottom:1px solid ${brand[200]};padding:8px 0}
 table.lines tbody td{display:flex;justify-content:space-between;gap:12px;border:0;padding:2px 0;text-align:right}
 table.lines tbody td::before{content:attr(data-label);font-weight:600;text-align:left}
 table.lines tbody td.designation{display:block;text-align:left;font-weight:600}
 table.lines tbody td.designation::before{content:none}
}
.pdf{display:inline-block;margin:4px 0 0;font-weight:600}
form p{margin:0 0 12px}
label{display:block;font-weight:600;margin:0 0 4px}
input[type=text],textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid ${ink.muted};border-radius:8px;background:#fff;min-height:48px}
input.code{font-size:1.6rem;letter-spacing:.3em;max-width:12ch}
.check{display:flex;gap:10px;align-items:flex-start;margin:0 0 12px}
.check input{width:24px;height:24px;flex:none;margin:2px 0 0}
.check label{font-weight:400;margin:0}
button{font:inherit;font-weight:700;min-height:48px;padding:10px 18px;border-radius:8px;border:0;background:${brand[700]};color:#fff;cursor:pointer;width:100%}
button.secondary{background:#fff;color:${brand[800]};border:2px solid ${brand[700]}}
@media (min-width:641px){button{width:auto}}
.errors{border-left:4px solid #b3141b;background:#fdecec;padding:8px 12px;margin:0 0 12px}
.errors ul{margin:0;padding-left:20px}
details{margin:0 0 8px}summary{cursor:pointer;font-weight:700;min-height:32px}
.field-error{flex-basis:100%;margin:0 0 0 34px;color:#b3141b;font-weight:600}
fieldset{border:0;padding:0;margin:0 0 12px}legend{font-weight:600;padding:0}
.stars{display:flex;flex-wrap:wrap;gap:4px 16px}.stars label{display:flex;align-items:center;gap:8px;font-weight:400;min-height:48px;margin:0}
.stars input{width:24px;height:24px;margin:0}
p.field-error{margin:4px 0 12px}
.check{flex-wrap:wrap}.check label{flex:1 1 0;min-width:0}
.foot{max-width:860px;margin:0 auto;padding:16px;font-size:.85rem;color:${ink.muted}}
.foot .links{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}
.foot .links a{display:inline-block;min-height:24px}
`
  .trim()
  .replace(/\n/g, '');

/** The hash the Content-Security-Policy allows the inline style by. */
export const CLIENT_CSS_HASH = styleSource(CLIENT_CSS);
