// The LanceDB addon as a file asset of the compiled binary (build.ts). Imported only inside the binary
// (lance-native.ts): run from source, Bun would load a `.node` import as a module, not a file.
import addonAsset from "../../node_modules/@lancedb/lancedb-linux-x64-gnu/lancedb.linux-x64-gnu.node" with {
  type: "file",
};

export const LANCE_ADDON_ASSET: string = addonAsset;
