import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

const webDir = new URL(".", import.meta.url).pathname.replace(/\/$/, "");

/**
 * Repaints PrimeReact's lara-light-blue theme in the portal's primary colour #002e98: the theme hard-codes
 * its blue palette, so the few blues it uses are swapped for shades of the primary when the CSS is loaded.
 */
const PRIMARY_SHADES: Record<string, string> = {
  "#3b82f6": "#002e98", // primary
  "#2563eb": "#00267e", // primary hover
  "#1d4ed8": "#002e98", // highlighted text
  "#bfdbfe": "#b4c3ea", // focus ring
  "#eff6ff": "#eaeffa", // highlighted background
  "rgba(59, 130, 246,": "rgba(0, 46, 152,",
};

function primaryColour(): Plugin {
  const pattern = new RegExp(
    Object.keys(PRIMARY_SHADES).map((k) => k.replace(/[()|.,]/g, "\\$&")).join("|"),
    "gi",
  );
  return {
    name: "portal-primary-colour",
    enforce: "pre",
    transform(code, id) {
      if (!/primereact\/resources\/themes\/lara-light-blue\/theme\.css/.test(id)) return null;
      return { code: code.replace(pattern, (m) => PRIMARY_SHADES[m.toLowerCase()]), map: null };
    },
  };
}

export default defineConfig({
  root: webDir,
  base: "/",
  logLevel: "warn",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${webDir}/src/routes`,
      generatedRouteTree: `${webDir}/src/routeTree.gen.ts`,
      quoteStyle: "double",
      semicolons: true,
      addExtensions: true,
    }),
    react(),
    primaryColour(),
  ],
  // deno.json maps xlsx to the SheetJS build published as @e965/xlsx (Vite resolves through node_modules)
  // and '#contract/' to the contract shared by the server and the screens.
  resolve: { alias: { xlsx: "@e965/xlsx", "#contract/": `${webDir}/../contract/` } },
  build: {
    outDir: `${webDir}/dist`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: { "/api": "http://localhost:8000" } },
});
