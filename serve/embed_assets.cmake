# cmake -DOUT=assets.cpp -DJS=app.js -DCSS=style.css -P embed_assets.cmake: writes the assets as
# C++ raw strings (serve/assets.hpp). The delimiter must not occur in them.
file(READ "${JS}" js)
file(READ "${CSS}" css)
foreach(text IN ITEMS js css)
  string(FIND "${${text}}" ")PPNASSET\"" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "embed_assets: an asset holds the raw string's delimiter")
  endif()
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from serve/assets/ by serve/embed_assets.cmake.\n#include \"serve/assets.hpp\"\nnamespace ppn::serve {\nconst char kAppJs[] = R\"PPNASSET(${js})PPNASSET\";\nconst char kStyleCss[] = R\"PPNASSET(${css})PPNASSET\";\n}  // namespace ppn::serve\n")
file(RENAME "${OUT}.tmp" "${OUT}")
