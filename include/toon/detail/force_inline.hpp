// toon/detail/force_inline.hpp - forced inlining of the decoders' per-field hot paths.
//
// The typed decoder expands each field's reader into the line and cell loops of its struct.
// That is what makes optimized builds fast, and what makes unoptimized builds slow to compile:
// without optimization GCC still honours always_inline but never shrinks the result (a
// 20-field struct's two line readers came to 256 KiB of code at -O0). So the attribute applies
// only when the compiler optimizes (`__OPTIMIZE__`, -O1 and above).
#pragma once

#if defined(__GNUC__) && defined(__OPTIMIZE__)
/// Forces inlining of a function in optimized builds (placed before the declaration).
#define TOON_DETAIL_FORCE_INLINE [[gnu::always_inline]]
/// Forces inlining of a lambda's call operator in optimized builds (placed after the parameters).
#define TOON_DETAIL_FORCE_INLINE_LAMBDA __attribute__((always_inline))
#else
#define TOON_DETAIL_FORCE_INLINE
#define TOON_DETAIL_FORCE_INLINE_LAMBDA
#endif
