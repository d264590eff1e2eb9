// toon/toon.hpp - umbrella header: everything of toon-cpp except the fmt integration
// (<toon/fmt.hpp>, which needs fmt).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include "toon/decode.hpp"
#include "toon/document.hpp"
#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/extract.hpp"
#include "toon/json.hpp"
#include "toon/meta.hpp"
#include "toon/options.hpp"
#include "toon/repair.hpp"
#include "toon/replacer.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"
#include "toon/source.hpp"
#include "toon/stream.hpp"
#include "toon/tokens.hpp"
#include "toon/tools.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/row_reader.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/schema_of.hpp"
#include "toon/typed/table_writer.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_UMBRELLA_END  // the sources go in here at the latest
#include "toon/detail/header_only.hpp"
#endif
