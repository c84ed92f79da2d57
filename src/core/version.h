#pragma once
namespace gsolve {
inline constexpr const char* kVersion = "0.1.0";
}
