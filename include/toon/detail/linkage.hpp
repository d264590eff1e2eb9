// toon/detail/linkage.hpp - how the library's compiled definitions are linked.
//
// The library's sources mark every definition with external linkage TOON_FUNC (functions) or
// TOON_VAR (variables). Compiled as the library `toon::toon`, the markers are empty. In
// header-only mode (TOON_HEADER_ONLY defined, target toon::toon_header_only; see
// docs/packaging.md) <toon/toon.hpp> includes the sources themselves, and the markers make each
// definition `inline`, so any number of translation units may include them.
#pragma once

#if defined(TOON_HEADER_ONLY)
#define TOON_FUNC inline
#define TOON_VAR inline
#else
#define TOON_FUNC
#define TOON_VAR
#endif
