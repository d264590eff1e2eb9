// The struct every include-cost translation unit encodes and decodes (scripts/include-cost.sh).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct include_cost_record {
  std::int64_t id = 0;
  std::string name;
  bool active = false;
  double score = 0;
  std::vector<std::string> tags;
  std::optional<std::string> note;
};
