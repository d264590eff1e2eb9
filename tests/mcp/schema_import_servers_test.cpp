// JSON Schema -> typed params against the tools of real MCP servers: @modelcontextprotocol/
// server-everything, -filesystem, -memory (npm) and mcp-server-git, -time, -fetch (PyPI), as
// pinned in tools/mcp-servers, each started and its tools listed with toon::mcp::client; and the
// six large third-party servers of tools/mcp-third-party (mongodb-mcp-server, @azure-devops/mcp,
// chrome-devtools-mcp, @playwright/mcp, @notionhq/notion-mcp-server, @wonderwhy-er/desktop-
// commander), whose tools/list its ensure-installed.sh fetched once into a cache.
// Each tool's inputSchema is converted with toon::import_json_schema, and a rapidcheck property
// generates arguments from the ORIGINAL schema (mostly valid ones, with mutations that make them
// invalid) and compares two verdicts:
//   - toon::validate against the converted typed params (what json_schema(params) says);
//   - Python jsonschema (PyPI) on the original schema, driven over pipes
//     (tests/mcp/jsonschema_oracle.py): an independent implementation.
// The schema re-emitted from the typed form (toon::json_schema) is defined in the oracle too:
//   - toon::validate must agree with jsonschema on the re-emitted schema, always;
//   - jsonschema on the original and on the re-emitted schema must agree (fidelity), and so
//     must toon::validate and jsonschema on the original,
// except where a reported loss explains the difference:
//   - the original rejects, the typed form accepts: every error of the original is at or under
//     (or above) the schema path of a reported loss (a bound, a format, a pattern, ...);
//   - the typed form rejects, the original accepts: only "unknown field" errors, and the tool has
//     an open_object loss (the one loss in the stricter direction).
// Each tool must also see both accepted and rejected arguments, so that the property says
// something. Missing node, python or servers: the tests are skipped, and fail when CI=true.
// TOON_MCP_SERVERS_VENV in the environment points at another venv holding the PyPI packages.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "toon/decode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/compact.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"

namespace {

namespace fs = std::filesystem;
using toon::value;

const fs::path servers_dir = TOON_MCP_SERVERS_DIR;
const fs::path oracle_script = TOON_TEST_ORACLE;

bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string(ci) == "true";
}

fs::path venv_dir() {
  const char* v = std::getenv("TOON_MCP_SERVERS_VENV");
  return v != nullptr && *v != '\0' ? fs::path(v) : servers_dir / "venv";
}

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

// The Python jsonschema oracle, one process for the whole test program.
class oracle {
 public:
  static oracle& get() {
    static oracle o;
    return o;
  }
  bool ok() const { return proc_.pid() > 0; }
  const std::string& why() const { return why_; }

  // Defines schema `id`; false (with the reason) when jsonschema refuses it.
  bool define(int id, const value& schema, std::string& error) {
    value answer = ask(toon::object{{"define", id}, {"schema", schema}});
    if (const value* okv = answer.find("ok"); okv != nullptr && okv->is_bool() && okv->as_bool()) return true;
    const value* e = answer.find("error");
    error = e != nullptr && e->is_string() ? e->as_string() : toon::to_json(answer);
    return false;
  }
  // The verdict on `instance`: {"valid": bool, "errors": [...]}.
  value check(int id, const value& instance) { return ask(toon::object{{"check", id}, {"instance", instance}}); }

 private:
  oracle() {
    fs::path python = venv_dir() / "bin" / "python";
    if (!fs::exists(python)) {
      why_ = python.string() + " is missing: run tools/mcp-servers/ensure-installed.sh (scripts/setup.sh does)";
      return;
    }
    toon::mcp::process_options p;
    p.argv = {python.string(), oracle_script.string()};
    auto proc = toon::mcp::process::spawn(p);
    if (!proc) {
      why_ = proc.error().message;
      return;
    }
    proc_ = std::move(*proc);
    for (int fd : {proc_.stdin_fd(), proc_.stdout_fd()}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  }

  value ask(const value& request) {
    std::string line = toon::to_json(request) + "\n";
    for (std::size_t done = 0; done < line.size();) {
      ssize_t n = ::write(proc_.stdin_fd(), line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw std::runtime_error("jsonschema oracle: write failed");
      done += static_cast<std::size_t>(n);
    }
    for (;;) {
      std::size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string answer = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        auto v = toon::from_json(answer);
        if (!v) throw std::runtime_error("jsonschema oracle: bad answer " + answer);
        return *v;
      }
      char buf[65536];
      ssize_t n = ::read(proc_.stdout_fd(), buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw std::runtime_error("jsonschema oracle: the process ended");
      buffer_.append(buf, static_cast<std::size_t>(n));
    }
  }

  toon::mcp::process proc_;
  std::string buffer_;
  std::string why_;
};

// ---- argument generation from the original JSON Schema --------------------------------------

const value* resolve(const value& root, const std::string& ref) {
  if (ref.rfind("#", 0) != 0) return nullptr;
  const value* at = &root;
  std::size_t i = 1;
  while (i < ref.size()) {
    std::size_t end = ref.find('/', i + 1);
    if (end == std::string::npos) end = ref.size();
    std::string token = ref.substr(i + 1, end - i - 1);
    if (!at->is_object()) return nullptr;
    at = at->find(token);
    if (at == nullptr) return nullptr;
    i = end;
  }
  return at;
}

value arbitrary_value() {
  switch (*rc::gen::inRange(0, 9)) {
    case 0: return nullptr;
    case 1: return *rc::gen::arbitrary<bool>();
    case 2: return *rc::gen::inRange(-1000, 1000);
    case 3: return 0.5 * *rc::gen::inRange(-20, 20);
    case 4: return *rc::gen::element<std::string>("", "x", "hello world", "/tmp/a.txt", "2024-05-01T10:00:00Z");
    case 5: return toon::array{};
    case 6: return toon::object{};
    case 7: return toon::array{1, "two"};
    default: return toon::object{{"k", "v"}};
  }
}

value generate(const value& root, const value& schema, int depth);

// Set for a quarter of the argument sets: objects get only their required members, and values
// are plain ones within the schema's bounds (strings of 'a' as long as minLength, the least
// number and element count allowed, enums' first value), so that a tool with many constraints
// still sees valid arguments.
bool required_only = false;

value generate_of_type(const value& root, const toon::object& s, const std::string& type, int depth) {
  const auto number_of = [&](const char* key, double otherwise) {
    const value* v = s.find(key);
    return v != nullptr && v->is_number() ? v->to_double() : otherwise;
  };
  if (required_only && type == "string")
    return std::string(static_cast<std::size_t>(std::max(1.0, number_of("minLength", 1))), 'a');
  if (required_only && (type == "integer" || type == "number")) {
    if (s.find("exclusiveMinimum") != nullptr) return std::floor(number_of("exclusiveMinimum", 0)) + 1;
    return std::ceil(number_of("minimum", 1));
  }
  if (required_only && type == "array") {
    const value* items = s.find("items");
    toon::array out;
    for (double i = 0; i < number_of("minItems", 0); ++i)
      out.push_back(items != nullptr ? generate(root, *items, depth + 1) : toon::value(nullptr));
    return out;
  }
  if (type == "string") {
    if (const value* min = s.find("minLength"); min != nullptr && min->is_number() && *rc::gen::inRange(0, 4) == 0)
      return std::string(static_cast<std::size_t>(std::max(0.0, min->to_double() - 1)), 'a');  // just too short
    if (const value* min = s.find("minLength"); min != nullptr && min->is_number() && *rc::gen::inRange(0, 2) == 0)
      return std::string(static_cast<std::size_t>(std::max(0.0, min->to_double())), 'a');  // just long enough
    return *rc::gen::element<std::string>("", "a", "hello", "README.md", "/tmp/x", "https://example.org/a",
                                          "2024-01-02", "UTC", "Europe/Paris", "main", "a b \"c\"");
  }
  if (type == "integer" || type == "number") {
    std::vector<double> around;
    for (const char* k : {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
      if (const value* b = s.find(k); b != nullptr && b->is_number()) {
        around.push_back(b->to_double());
        around.push_back(b->to_double() - 1);
        around.push_back(b->to_double() + 1);
      }
    int pick = *rc::gen::inRange(0, 4);
    if (pick == 0 && !around.empty()) return around[*rc::gen::inRange<std::size_t>(0, around.size())];
    if (pick == 1 && *rc::gen::inRange(0, 4) == 0) return *rc::gen::element<double>(3000000000.0, -3000000000.0, 1e20, 2.5);
    if (pick == 1 && type == "number") return 0.25 * *rc::gen::inRange(-40, 40);
    if (pick == 2) return *rc::gen::inRange(-3, 3);
    return *rc::gen::inRange(0, 2000);
  }
  if (type == "boolean") return *rc::gen::arbitrary<bool>();
  if (type == "null") return nullptr;
  if (type == "array") {
    const value* items = s.find("items");
    std::size_t n = *rc::gen::inRange<std::size_t>(0, 4);
    toon::array out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(items != nullptr ? generate(root, *items, depth + 1) : arbitrary_value());
    return out;
  }
  if (type == "object") {
    toon::object out;
    std::set<std::string> required;
    if (const value* r = s.find("required"); r != nullptr && r->is_array())
      for (const value& n : r->as_array())
        if (n.is_string()) required.insert(n.as_string());
    if (const value* props = s.find("properties"); props != nullptr && props->is_object()) {
      for (const toon::member& m : props->as_object()) {
        bool is_required = required.count(m.key) > 0;
        if (required_only) {
          if (is_required) out.insert_or_assign(m.key, generate(root, m.value, depth + 1));
          continue;
        }
        int roll = *rc::gen::inRange(0, 20);
        if (is_required ? roll == 0 : roll < 10) continue;  // a required one missing now and then
        out.insert_or_assign(m.key, generate(root, m.value, depth + 1));
      }
    }
    // Members not listed: typed by additionalProperties (a value generated from its schema,
    // sometimes wrong) or unknown ones.
    if (required_only) return out;
    if (const value* extra = s.find("additionalProperties"); extra != nullptr && extra->is_object() && !extra->as_object().empty()) {
      if (*rc::gen::inRange(0, 3) == 0) out.insert_or_assign("extra_key", generate(root, *extra, depth + 1));
    } else if (*rc::gen::inRange(0, 10) == 0) {
      out.insert_or_assign("unexpected_extra", arbitrary_value());
    }
    return out;
  }
  return arbitrary_value();
}

value generate(const value& root, const value& schema, int depth) {
  if (depth > 8 || !schema.is_object() || (!required_only && *rc::gen::inRange(0, 14) == 0)) return arbitrary_value();
  const toon::object& s = schema.as_object();
  if (const value* ref = s.find("$ref"); ref != nullptr && ref->is_string()) {
    const value* target = resolve(root, ref->as_string());
    return target != nullptr ? generate(root, *target, depth + 1) : arbitrary_value();
  }
  for (const char* k : {"anyOf", "oneOf", "allOf"})
    if (const value* alts = s.find(k); alts != nullptr && alts->is_array() && !alts->as_array().empty())
      return generate(root, alts->as_array()[*rc::gen::inRange<std::size_t>(0, alts->as_array().size())], depth + 1);
  if (const value* c = s.find("const")) return *c;
  if (const value* e = s.find("enum"); e != nullptr && e->is_array() && !e->as_array().empty()) {
    if (required_only) return e->as_array().front();
    if (*rc::gen::inRange(0, 6) == 0) return std::string("not-in-enum");
    return e->as_array()[*rc::gen::inRange<std::size_t>(0, e->as_array().size())];
  }
  std::vector<std::string> types;
  if (const value* t = s.find("type")) {
    if (t->is_string()) types.push_back(t->as_string());
    else if (t->is_array())
      for (const value& x : t->as_array())
        if (x.is_string()) types.push_back(x.as_string());
  }
  if (types.empty()) {
    if (s.find("properties") != nullptr) types.push_back("object");
    else if (s.find("items") != nullptr) types.push_back("array");
    else return arbitrary_value();
  }
  return generate_of_type(root, s, types[*rc::gen::inRange<std::size_t>(0, types.size())], depth);
}

// ---- the property ------------------------------------------------------------------------------

bool prefix_related(const std::string& a, const std::string& b) {
  auto is_prefix = [](const std::string& p, const std::string& s) {
    return s.compare(0, p.size(), p) == 0 && (s.size() == p.size() || s[p.size()] == '/');
  };
  return is_prefix(a, b) || is_prefix(b, a);
}

struct tool_counts {
  int accepted = 0;
  int rejected = 0;
  int explained = 0;  // verdicts that differ, explained by a loss
};

// Totals over a test program's run, printed by each server's test.
struct fidelity_counts {
  long sets = 0;          // argument sets checked
  long disagreements = 0; // original and re-emitted schema disagree (jsonschema on both)
  long explained = 0;     // ... of which a reported loss explains
};

// Whether the original's errors all sit under (or above) the schema path of a permissive loss.
bool explained_by_losses(const value& verdict, const toon::imported_schema& in);

// Checks one argument set: toon::validate agrees with jsonschema on the re-emitted schema
// (always); jsonschema on the original agrees with both, or a reported loss explains the
// difference. Returns a failure message, or "" when the checks pass.
std::string check_arguments(int id, int reemitted_id, const value& args, const toon::imported_schema& in,
                            fidelity_counts& counts, tool_counts* tool);

/// Checks every tool of a server; `name` labels the output.
void check_tools(const std::string& name, const std::vector<toon::mcp::tool_info>& tools) {
  oracle& o = oracle::get();
  ASSERT_TRUE(o.ok()) << o.why();
  static int next_id = 0;
  ASSERT_FALSE(tools.empty());
  fidelity_counts server_totals;
  for (const auto& tool : tools) {
    int id = ++next_id;
    int reemitted_id = ++next_id;
    std::string error;
    ASSERT_TRUE(o.define(id, tool.input_schema, error)) << name << "/" << tool.name << ": " << error;
    toon::imported_schema in = toon::import_json_schema(tool.input_schema);
    ASSERT_TRUE(o.define(reemitted_id, toon::json_schema(in.params), error)) << name << "/" << tool.name << ": " << error;
    // The converted form is well formed: its text parses back to the same parameters.
    std::string text = toon::format_typed_params(in.params);
    auto reparsed = toon::parse_typed_params(text);
    ASSERT_TRUE(reparsed) << name << "/" << tool.name << ": " << text << ": " << reparsed.error().message;
    EXPECT_EQ(toon::format_typed_params(*reparsed), text);

    tool_counts counts;
    fidelity_counts& totals = server_totals;
    bool ok = rc::check(name + "/" + tool.name + " (" + text + ")", [&] {
      required_only = *rc::gen::inRange(0, 4) == 0;
      value args = generate(tool.input_schema, tool.input_schema, 0);
      required_only = false;
      std::string failure = check_arguments(id, reemitted_id, args, in, totals, &counts);
      if (!failure.empty()) RC_FAIL(failure);
    });
    EXPECT_TRUE(ok) << name << "/" << tool.name;
    EXPECT_GT(counts.accepted, 0) << name << "/" << tool.name << ": no generated arguments were valid";
    EXPECT_GT(counts.rejected, 0) << name << "/" << tool.name << ": no generated arguments were invalid";
    ::testing::Test::RecordProperty(tool.name, std::to_string(counts.accepted) + " valid, " + std::to_string(counts.rejected) +
                                  " invalid, " + std::to_string(counts.explained) + " differing (explained by losses)");
  }
  // The described form keeps every parameter description: its TOON text decoded, each params
  // cell parsed with the table of shared texts, gives the converted parameters back,
  // descriptions included.
  std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools(tools);
  auto decoded = toon::decode(toon::mcp::described_tools_table(compact));
  ASSERT_TRUE(decoded) << name << ": " << decoded.error().message;
  toon::typed_params_options with_table;
  if (const value* shared = decoded->find("descriptions")) {
    for (const value& text : shared->as_array()) with_table.description_table.push_back(text.as_string());
  }
  if (const value* named = decoded->find("param_descriptions")) {
    for (const auto& [key, text] : named->as_object()) with_table.name_descriptions.emplace_back(key, text.as_string());
  }
  EXPECT_EQ(with_table.description_table, toon::mcp::shared_descriptions(compact));
  EXPECT_EQ(with_table.name_descriptions, toon::mcp::named_descriptions(compact));
  const toon::array& rows = (*decoded)["tools"].as_array();
  ASSERT_EQ(rows.size(), compact.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto back = toon::parse_typed_params(rows[i]["params"].as_string(), with_table);
    ASSERT_TRUE(back) << name << "/" << compact[i].name << ": " << back.error().to_string();
    back->description = compact[i].params.description;  // the tool's, in its own column
    EXPECT_EQ(*back, compact[i].params) << name << "/" << compact[i].name;
  }
  std::printf("%s: %zu tools, %ld argument sets, %ld disagreements between the original and the re-emitted schema "
              "(%ld explained by reported losses)\n",
              name.c_str(), tools.size(), server_totals.sets, server_totals.disagreements, server_totals.explained);
}

bool explained_by_losses(const value& verdict, const toon::imported_schema& in) {
  for (const value& e : verdict["errors"].as_array()) {
    const std::string& path = e["schema_path"].as_string();
    bool covered = false;
    for (const toon::schema_loss& l : in.losses) covered = covered || (!l.stricter && prefix_related(l.path, path));
    if (!covered) return false;
  }
  return true;
}

std::string check_arguments(int id, int reemitted_id, const value& args, const toon::imported_schema& in,
                            fidelity_counts& counts, tool_counts* tool) {
  oracle& o = oracle::get();
  const std::string args_json = toon::to_json(args);
  value verdict = o.check(id, args);
  value reemitted = o.check(reemitted_id, args);
  const bool original = verdict["valid"].as_bool();
  const bool again = reemitted["valid"].as_bool();
  std::vector<toon::error> ours = toon::validate(args, in.params);
  ++counts.sets;
  if (tool != nullptr) (original ? tool->accepted : tool->rejected) += 1;
  // The validator and the JSON Schema writer agree, whatever the input was.
  if (again != ours.empty())
    return "toon::validate and jsonschema disagree on the re-emitted schema for " + args_json + ": jsonschema says " +
           (again ? "valid" : "invalid") + (ours.empty() ? "" : ", toon::validate: " + ours.front().to_string());
  if (original == again) return "";
  ++counts.disagreements;
  if (tool != nullptr) ++tool->explained;
  if (original) {
    // The typed form rejects valid arguments: only as the stricter loss says.
    if (!in.stricter()) return "the typed form rejects valid " + args_json + ": " + ours.front().to_string();
    for (const toon::error& e : ours)
      if (e.code != toon::error_code::unknown_field) return "the typed form rejects valid " + args_json + ": " + e.to_string();
  } else if (!explained_by_losses(verdict, in)) {
    const value& e = verdict["errors"].as_array().front();
    return "the typed form accepts invalid " + args_json + " (" + e["message"].as_string() + " at " +
           e["schema_path"].as_string() + ") without a loss there";
  }
  ++counts.explained;
  return "";
}

// ---- synthetic schemas: every keyword the conversion handles --------------------------------

value gen_schema(int depth);

value gen_scalar_schema() {
  toon::object s;
  std::string type = *rc::gen::element<std::string>("string", "integer", "number", "boolean", "null");
  s.insert_or_assign("type", type);
  int extra = *rc::gen::inRange(0, 8);
  if (type == "string") {
    if (extra == 0) s.insert_or_assign("format", *rc::gen::element<std::string>("uri", "date-time", "email"));
    if (extra == 1) s.insert_or_assign("minLength", *rc::gen::inRange(1, 4));
    if (extra == 2) s.insert_or_assign("maxLength", *rc::gen::inRange(0, 4));
    if (extra == 3) s.insert_or_assign("pattern", "^a");
    if (extra == 4) s.insert_or_assign("enum", toon::array{"a", "hello", "a b"});
    if (extra == 5) s.insert_or_assign("default", "hello");
  } else if (type == "integer" || type == "number") {
    if (extra == 0) s.insert_or_assign("minimum", *rc::gen::inRange(-2, 3));
    if (extra == 1) s.insert_or_assign("maximum", *rc::gen::inRange(0, 5));
    if (extra == 2) s.insert_or_assign("exclusiveMinimum", 0);
    if (extra == 3) s.insert_or_assign("multipleOf", 2);
    if (extra == 4) s.insert_or_assign("enum", toon::array{0, 1, 2});
    if (extra == 5) s.insert_or_assign("default", 1);
  } else if (type == "boolean") {
    if (extra == 0) s.insert_or_assign("const", true);
  }
  return s;
}

value gen_object_schema(int depth) {
  toon::object s;
  s.insert_or_assign("type", "object");
  toon::object props;
  toon::array required;
  int n = *rc::gen::inRange(0, 4);
  for (int i = 0; i < n; ++i) {
    std::string name = *rc::gen::element<std::string>("a", "b", "c d", "x", "e");
    if (props.find(name) != nullptr) continue;
    props.insert_or_assign(name, gen_schema(depth + 1));
    if (*rc::gen::inRange(0, 2) == 0) required.push_back(name);
  }
  if (!props.empty() || *rc::gen::inRange(0, 2) == 0) s.insert_or_assign("properties", std::move(props));
  if (!required.empty()) s.insert_or_assign("required", std::move(required));
  switch (*rc::gen::inRange(0, 8)) {
    case 0: break;  // open
    case 1: s.insert_or_assign("additionalProperties", toon::object{{"type", "integer"}}); break;
    case 2: s.insert_or_assign("patternProperties", toon::object{{"^x", toon::object{{"type", "string"}}}}); break;
    case 3: s.insert_or_assign("minProperties", 1); break;
    default: s.insert_or_assign("additionalProperties", false); break;
  }
  return s;
}

value gen_schema(int depth) {
  int pick = *rc::gen::inRange(0, depth >= 3 ? 6 : 16);
  switch (pick) {
    case 0: case 1: case 2: case 3: return gen_scalar_schema();
    case 4: return *rc::gen::element<value>(true, false, toon::object{});
    case 5: return toon::object{{"type", toon::array{"string", "null"}}};
    case 6: case 7: return gen_object_schema(depth);
    case 8: {
      toon::object s{{"type", "array"}, {"items", gen_schema(depth + 1)}};
      int extra = *rc::gen::inRange(0, 4);
      if (extra == 0) s.insert_or_assign("minItems", 1);
      if (extra == 1) s.insert_or_assign("maxItems", 2);
      if (extra == 2) s.insert_or_assign("uniqueItems", true);
      return s;
    }
    case 9: return toon::object{{"type", "array"}, {"prefixItems", toon::array{gen_schema(depth + 1), gen_schema(depth + 1)}},
                                {"items", *rc::gen::element<value>(false, toon::object{{"type", "null"}})}};
    case 10: return toon::object{{"anyOf", toon::array{gen_schema(depth + 1), gen_schema(depth + 1)}}};
    case 11: return toon::object{{"oneOf", toon::array{gen_schema(depth + 1), gen_schema(depth + 1)}}};
    case 12: return toon::object{{"allOf", toon::array{gen_schema(depth + 1), gen_schema(depth + 1)}}};
    case 13: {
      value base = gen_scalar_schema();
      base.as_object().insert_or_assign("not", toon::object{{"const", 1}});
      return base;
    }
    case 14: return toon::object{{"$ref", "#/$defs/shared"}};
    default: return toon::object{{"enum", toon::array{"a", 1, nullptr, true}}};
  }
}

TEST(SyntheticSchemas, AgreeWithJsonschemaWithinTheLosses) {
  oracle& o = oracle::get();
  if (!o.ok()) {
    if (in_ci()) FAIL() << "CI=true and the jsonschema oracle is missing: " << o.why();
    GTEST_SKIP() << o.why();
  }
  static int next_id = 100000;
  int accepted = 0, rejected = 0, explained = 0;
  fidelity_counts totals;
  bool ok = rc::check("import_json_schema vs jsonschema on generated schemas", [&] {
    value root = gen_object_schema(0);
    root.as_object().insert_or_assign("$defs", toon::object{{"shared", gen_scalar_schema()}});
    int id = ++next_id;
    int reemitted_id = ++next_id;
    std::string error;
    RC_ASSERT(o.define(id, root, error));
    toon::imported_schema in = toon::import_json_schema(root);
    RC_ASSERT(o.define(reemitted_id, toon::json_schema(in.params), error));
    std::string text = toon::format_typed_params(in.params);
    RC_ASSERT(toon::parse_typed_params(text).has_value());
    for (int k = 0; k < 8; ++k) {
      value args = generate(root, root, 0);
      tool_counts one;
      std::string failure = check_arguments(id, reemitted_id, args, in, totals, &one);
      if (!failure.empty()) RC_FAIL(toon::to_json(root) + " as `" + text + "`: " + failure);
      accepted += one.accepted;
      rejected += one.rejected;
      explained += one.explained;
    }
  });
  EXPECT_TRUE(ok);
  EXPECT_GT(accepted, 50);
  EXPECT_GT(rejected, 50);
  std::printf("synthetic schemas: %d valid, %d invalid argument sets, %d verdicts differing within the losses\n", accepted,
              rejected, explained);
}

std::vector<std::string> environment(const fs::path& home) {
  const char* path = std::getenv("PATH");
  return {std::string("PATH=") + (path != nullptr ? path : "/usr/bin:/bin"), "HOME=" + home.string(), "LANG=C.UTF-8"};
}

struct temp_dir {
  fs::path path;
  explicit temp_dir(const std::string& tag) {
    path = fs::temp_directory_path() / ("toon-schema-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

class ServerSchemas : public ::testing::Test {
 protected:
  // Lists the tools of `argv` (skipping, or failing in CI, when `file` or the runtime is missing).
  void run(const std::string& name, const fs::path& file, const std::string& runtime, std::vector<std::string> argv) {
    std::string why;
    if (!runtime.empty() && find_on_path(runtime).empty()) why = runtime + " is not on PATH";
    else if (!fs::exists(file))
      why = file.string() + " is missing: run tools/mcp-servers/ensure-installed.sh (scripts/setup.sh does)";
    else if (!oracle::get().ok()) why = oracle::get().why();
    if (!why.empty()) {
      if (in_ci()) FAIL() << "CI=true and a prerequisite is missing: " << why;
      GTEST_SKIP() << why;
    }
    temp_dir home(name + "-home");
    toon::mcp::process_options p;
    p.argv = std::move(argv);
    p.environment = environment(home.path);
    p.working_directory = home.path.string();
    auto c = toon::mcp::client::connect(p);
    ASSERT_TRUE(c) << c.error().message;
    auto tools = c->list_tools();
    ASSERT_TRUE(tools) << tools.error().message;
    c->shutdown();
    check_tools(name, *tools);
  }
};

const fs::path npm_modules = servers_dir / "node_modules" / "@modelcontextprotocol";

TEST_F(ServerSchemas, Everything) {
  fs::path entry = npm_modules / "server-everything" / "dist" / "index.js";
  run("everything", entry, "node", {"node", entry.string(), "stdio"});
}

TEST_F(ServerSchemas, Filesystem) {
  fs::path entry = npm_modules / "server-filesystem" / "dist" / "index.js";
  temp_dir root("fs-root");
  run("filesystem", entry, "node", {"node", entry.string(), root.path.string()});
}

TEST_F(ServerSchemas, Memory) {
  fs::path entry = npm_modules / "server-memory" / "dist" / "index.js";
  run("memory", entry, "node", {"node", entry.string()});
}

TEST_F(ServerSchemas, Git) {
  fs::path exe = venv_dir() / "bin" / "mcp-server-git";
  temp_dir repo("git-repo");
  if (!find_on_path("git").empty()) {
    ASSERT_EQ(std::system(("git init -q '" + repo.path.string() + "'").c_str()), 0);
  }
  run("git", exe, "", {exe.string(), "--repository", repo.path.string()});
}

TEST_F(ServerSchemas, Time) {
  fs::path exe = venv_dir() / "bin" / "mcp-server-time";
  run("time", exe, "", {exe.string(), "--local-timezone", "UTC"});
}

TEST_F(ServerSchemas, Fetch) {
  fs::path exe = venv_dir() / "bin" / "mcp-server-fetch";
  run("fetch", exe, "", {exe.string()});
}

// The large third-party servers of tools/mcp-third-party: their tools/list as fetched once by
// its ensure-installed.sh (scripts/setup.sh runs it) into tools/mcp-third-party/cache/NAME.json.
// Missing cache: skipped, and failed when CI=true.
class ThirdPartySchemas : public ::testing::Test {
 protected:
  void run(const std::string& name) {
    fs::path file = fs::path(TOON_MCP_THIRD_PARTY_DIR) / "cache" / (name + ".json");
    std::string why;
    if (!fs::exists(file))
      why = file.string() + " is missing: run tools/mcp-third-party/ensure-installed.sh (scripts/setup.sh does)";
    else if (!oracle::get().ok())
      why = oracle::get().why();
    if (!why.empty()) {
      if (in_ci()) FAIL() << "CI=true and a prerequisite is missing: " << why;
      GTEST_SKIP() << why;
    }
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    auto cache = toon::from_json(text.str());
    ASSERT_TRUE(cache) << file << ": " << cache.error().message;
    const value* list = cache->find("tools");
    ASSERT_TRUE(list != nullptr && list->is_array()) << file;
    std::vector<toon::mcp::tool_info> tools;
    for (const value& t : list->as_array()) {
      ASSERT_TRUE(t.is_object() && t.find("name") != nullptr && t.find("inputSchema") != nullptr) << file;
      toon::mcp::tool_info info;
      info.name = t["name"].as_string();
      info.input_schema = t["inputSchema"];
      info.raw = t;
      tools.push_back(std::move(info));
    }
    check_tools(name, tools);
  }
};

TEST_F(ThirdPartySchemas, Mongodb) { run("mongodb"); }
TEST_F(ThirdPartySchemas, AzureDevops) { run("azure-devops"); }
TEST_F(ThirdPartySchemas, ChromeDevtools) { run("chrome-devtools"); }
TEST_F(ThirdPartySchemas, Playwright) { run("playwright"); }
TEST_F(ThirdPartySchemas, Notion) { run("notion"); }
TEST_F(ThirdPartySchemas, DesktopCommander) { run("desktop-commander"); }

}  // namespace
