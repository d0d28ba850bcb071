// fxview export PRESET.json -o OUT.sdprefab|OUT.sdscene: a preset imported from a Stride asset
// (its "stride_asset" key names the asset) written back into that asset's text
// (engine/import/stride/stride_writeback.h): an unedited preset gives the asset's bytes, an
// edited value changes only its text. OUT is the asset itself (written in place) or a new file;
// an existing other file is never replaced, nor the preset. Written through a temporary file
// renamed over OUT: on any error OUT is untouched. Exit 0 ok, 1 errors, 2 usage.
// When the asset changed since the import (the preset's "imported_from" record), only the
// preset's own changes are written into it, and a value both changed to different values is
// refused (stride_import::mergeAssetChanges).
#include <iostream>

#include "app/cli/common.h"
#include "app/cli/export_merge.h"
#include "engine/core/paths.h"
#include "engine/import/stride/stride_import.h"
#include "engine/import/stride/stride_writeback.h"
#include "engine/session/documents.h"

namespace fx::cli {

namespace fs = std::filesystem;

int exportStrideAsset(const std::string& input, const std::string& output) {
  if (refuseOutputOverInput("export", {toPath(output)}, {toPath(input)})) return kExitUsage;
  Diagnostics diags;
  auto json = loadJsonFile(toPath(input), input, diags);
  if (!json) {
    printDiagnostics(diags);
    return kExitErrors;
  }
  fs::path asset = stride_import::sourceAssetOf(*json, toPath(input));
  std::error_code ec;
  if (asset.empty()) {
    diags.error(input, "",
                std::string("names no Stride asset (no \"") + stride_import::kSourceAssetKey +
                    "\" key): only a preset imported from a .sdprefab / .sdscene can "
                    "be written back into one");
  } else if (!fs::is_regular_file(asset, ec)) {
    diags.error(input, std::string("/") + stride_import::kSourceAssetKey,
                "names the Stride asset " + toUtf8(asset) +
                    ", which is not there: the asset's text is what export writes into");
  } else if (fs::exists(toPath(output), ec) && !sameFile(toPath(output), asset)) {
    diags.error(output, "",
                "exists and is not the asset " + toUtf8(asset) +
                    " this preset came from; not overwritten (choose a new name, or the asset "
                    "itself)");
  }
  if (!diags.hasErrors()) {
    noteMissingImportRecord(*json, input, toUtf8(asset));
    stride_import::exportToAsset(*json, input, asset, toPath(output), diags);
  }
  printDiagnostics(diags);
  return diags.hasErrors() ? kExitErrors : kExitOk;
}

}  // namespace fx::cli
