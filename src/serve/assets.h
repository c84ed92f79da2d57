// The page's files (src/serve/web/), built into the binary by CMake
// (cmake/embed_assets.cmake writes them into a generated .cpp).
#pragma once

#include <string_view>

namespace gsolve::serve {

struct Asset {
  std::string_view path;  // "/", "/app.js"
  std::string_view type;  // its Content-Type
  std::string_view body;
};

// The asset served at `path`, or nullptr.
const Asset* find_asset(std::string_view path);

}  // namespace gsolve::serve
