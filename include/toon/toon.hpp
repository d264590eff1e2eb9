// toon/toon.hpp - umbrella header: everything of toon-cpp.
#pragma once

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/json.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"
#include "toon/version.hpp"
