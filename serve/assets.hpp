// The pages' script and style, built into the binary from serve/assets/ (embed_assets.cmake):
// the server loads nothing from disk or from outside.
#pragma once

namespace ppn::serve {

extern const char kAppJs[];
extern const char kStyleCss[];

}  // namespace ppn::serve
