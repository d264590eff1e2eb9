// Every source of the core component toon::toon, for header-only mode: toon/detail/header_only.hpp
// includes this file once per translation unit (docs/packaging.md). TOON_FUNC / TOON_VAR make their
// definitions inline there (scripts/mark-header-only.py). CMake checks at configure time that
// this list equals the component's sources.
#pragma once

// The sources are compiled with the library's own warning flags (-Wall -Wextra -Wpedantic);
// a consumer's stricter flags should not turn them into errors in the consumer's build.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif

#include "../common/error.cpp"
#include "../common/fd_io.cpp"
#include "../common/tokens.cpp"
#include "../common/utf8.cpp"
#include "../json/json_reader.cpp"
#include "../json/json_writer.cpp"
#include "../value/value.cpp"
#include "../value/value_builder.cpp"
#include "../value/value_events.cpp"
#include "../schema/format.cpp"
#include "../schema/import.cpp"
#include "../schema/json.cpp"
#include "../schema/model.cpp"
#include "../schema/parse.cpp"
#include "../schema/validate.cpp"
#include "../tools/call_result.cpp"
#include "../tools/catalog.cpp"
#include "../tools/dispatch.cpp"
#include "../tools/emit.cpp"
#include "../typed/timestamp.cpp"
#include "../typed/typed_decoder.cpp"
#include "../document/document.cpp"
#include "../parse/decode_events.cpp"
#include "../parse/decode_sources.cpp"
#include "../parse/header_parser.cpp"
#include "../parse/json_decode.cpp"
#include "../parse/push_parser.cpp"
#include "../parse/repair.cpp"
#include "../parse/token.cpp"
#include "../parse/typed_parse.cpp"
#include "../parse/value_stream.cpp"
#include "../encode/encoder.cpp"
#include "../encode/json_to_toon.cpp"
#include "../encode/omit.cpp"
#include "../encode/replacer.cpp"
#include "../encode/shape.cpp"
#include "../encode/table_writer.cpp"
#include "../encode/toon_writer.cpp"
#include "../extract/correction.cpp"
#include "../extract/extract.cpp"

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
