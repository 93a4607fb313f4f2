// The dashboard's one script and one stylesheet: bundled by build.ts (htmx, uPlot and the dashboard's
// own client code) into src/dashboard/assets/, embedded in the binary, served under a content hash.
import { createHash } from "node:crypto";
import script from "./assets/app.bundle.js" with { type: "text" };
import style from "./assets/app.bundle.css" with { type: "text" };

interface Asset {
  path: string;
  body: string;
  type: string;
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

export function createAssets() {
  const js: Asset = { path: `/dashboard/assets/app.${hashOf(script)}.js`, body: script, type: "text/javascript" };
  const css: Asset = { path: `/dashboard/assets/app.${hashOf(style)}.css`, body: style, type: "text/css" };
  return {
    urls: { js: js.path, css: css.path },
    /** The asset at this path, or null. Named by content: cached for a year, immutable. */
    serve(pathname: string): Response | null {
      const asset = pathname === js.path ? js : pathname === css.path ? css : null;
      if (!asset) return null;
      return new Response(asset.body, {
        headers: {
          "Content-Type": `${asset.type}; charset=utf-8`,
          "Cache-Control": "public, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  };
}
