// benchmarks/datasets/deep.hpp - two deep, key-heavy documents shaped like real configuration
// files, generated (seeded), as toon::value: Kubernetes manifests (a List of Deployments,
// Services and ConfigMaps, up to 9 object levels with short lists of objects) and an OpenAPI
// fragment (paths -> methods -> parameters/responses -> content -> schema, quoted keys such as
// "/users/{id}", "200" and "application/json"). Document model only (no C++ struct model).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "datasets/random.hpp"
#include "toon/value.hpp"

namespace bench {

namespace deep_detail {

inline constexpr std::array<std::string_view, 12> apps = {"billing", "checkout", "search",  "catalog",
                                                          "auth",    "gateway",  "ledger",  "notifier",
                                                          "inventory", "reports", "profile", "scheduler"};
inline constexpr std::array<std::string_view, 4> envs = {"prod", "staging", "dev", "canary"};
inline constexpr std::array<std::string_view, 8> teams = {"payments", "platform", "growth", "identity",
                                                          "data",     "infra",    "mobile", "search"};

inline toon::object labels(std::string_view app, std::string_view env, std::string_view team) {
  toon::object l;
  l.emplace_back("app.kubernetes.io/name", std::string(app));
  l.emplace_back("app.kubernetes.io/part-of", "shop");
  l.emplace_back("environment", std::string(env));
  l.emplace_back("team", std::string(team));
  return l;
}

inline toon::object metadata(random& r, const std::string& name, std::string_view app, std::string_view env,
                             std::string_view team) {
  toon::object m;
  m.emplace_back("name", name);
  m.emplace_back("namespace", std::string(env) + "-" + std::string(team));
  m.emplace_back("labels", labels(app, env, team));
  toon::object a;
  a.emplace_back("deployment.kubernetes.io/revision", std::to_string(r.between(1, 40)));
  a.emplace_back("owner", std::string(team) + "@example.com");
  if (r.chance(0.5)) a.emplace_back("prometheus.io/scrape", "true");
  m.emplace_back("annotations", std::move(a));
  return m;
}

inline toon::object probe(random& r, std::string_view path, std::int64_t port) {
  toon::object get;
  get.emplace_back("path", std::string(path));
  get.emplace_back("port", port);
  get.emplace_back("scheme", "HTTP");
  toon::object p;
  p.emplace_back("httpGet", std::move(get));
  p.emplace_back("initialDelaySeconds", r.between(0, 30));
  p.emplace_back("periodSeconds", r.between(5, 20));
  p.emplace_back("timeoutSeconds", r.between(1, 5));
  p.emplace_back("failureThreshold", 3);
  return p;
}

inline toon::object container(random& r, std::string_view app, std::int64_t index) {
  toon::object c;
  const std::string name = index == 0 ? std::string(app) : std::string(app) + "-sidecar";
  const std::int64_t port = index == 0 ? 8080 : 9090;
  c.emplace_back("name", name);
  c.emplace_back("image", "registry.example.com/shop/" + name + ":1." + std::to_string(r.between(0, 30)) + "." +
                              std::to_string(r.between(0, 9)));
  c.emplace_back("imagePullPolicy", "IfNotPresent");
  toon::array ports;
  ports.emplace_back(toon::object{{"name", "http"}, {"containerPort", port}, {"protocol", "TCP"}});
  if (index == 0) ports.emplace_back(toon::object{{"name", "metrics"}, {"containerPort", 9100}, {"protocol", "TCP"}});
  c.emplace_back("ports", std::move(ports));
  toon::array env;
  const auto nenv = r.between(2, 5);
  for (std::int64_t k = 0; k < nenv; ++k) {
    static constexpr std::array<std::string_view, 6> vars = {"LOG_LEVEL", "DATABASE_URL", "CACHE_TTL",
                                                             "FEATURE_FLAGS", "REGION", "OTEL_ENDPOINT"};
    toon::object e;
    e.emplace_back("name", std::string(vars[static_cast<std::size_t>(k)]));
    if (k == 1) {
      // valueFrom: a deeper object where the list items stop being a table.
      toon::object ref;
      ref.emplace_back("name", std::string(app) + "-db");
      ref.emplace_back("key", "url");
      toon::object from;
      from.emplace_back("secretKeyRef", std::move(ref));
      e.emplace_back("valueFrom", std::move(from));
    } else {
      std::string v(k == 0 ? "info" : "v");
      if (k != 0) v += std::to_string(r.between(1, 999));
      e.emplace_back("value", std::move(v));
    }
    env.emplace_back(std::move(e));
  }
  c.emplace_back("env", std::move(env));
  toon::object limits, requests, res;
  limits.emplace_back("cpu", std::to_string(r.between(1, 4)) + "000m");
  limits.emplace_back("memory", std::to_string(r.between(1, 8) * 256) + "Mi");
  requests.emplace_back("cpu", std::to_string(r.between(1, 9)) + "00m");
  requests.emplace_back("memory", std::to_string(r.between(1, 4) * 128) + "Mi");
  res.emplace_back("limits", std::move(limits));
  res.emplace_back("requests", std::move(requests));
  c.emplace_back("resources", std::move(res));
  c.emplace_back("livenessProbe", probe(r, "/healthz", port));
  c.emplace_back("readinessProbe", probe(r, "/ready", port));
  toon::array mounts;
  mounts.emplace_back(toon::object{{"name", "config"}, {"mountPath", "/etc/" + std::string(app)}, {"readOnly", true}});
  if (r.chance(0.5)) mounts.emplace_back(toon::object{{"name", "cache"}, {"mountPath", "/var/cache"}, {"readOnly", false}});
  c.emplace_back("volumeMounts", std::move(mounts));
  toon::object sc;
  sc.emplace_back("runAsNonRoot", true);
  sc.emplace_back("readOnlyRootFilesystem", true);
  toon::object caps;
  caps.emplace_back("drop", toon::array{"ALL"});
  sc.emplace_back("capabilities", std::move(caps));
  c.emplace_back("securityContext", std::move(sc));
  return c;
}

}  // namespace deep_detail

/// Kubernetes-like manifests: a `kind: List` of `n` resources (2 Deployments : 1 Service :
/// 1 ConfigMap), seed 11. records = resources.
inline toon::value make_manifests(std::size_t n = 200) {
  using namespace deep_detail;
  random r(11);
  toon::array items;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view app = apps[i / 4 % apps.size()], env = envs[i / 48 % envs.size()];
    const std::string_view team = teams[i / 4 % teams.size()];
    const std::string name = std::string(app) + "-" + std::to_string(i / 4);
    toon::object res;
    switch (i % 4) {
      case 0:
      case 1: {
        res.emplace_back("apiVersion", "apps/v1");
        res.emplace_back("kind", "Deployment");
        res.emplace_back("metadata", metadata(r, i % 4 ? name + "-worker" : name, app, env, team));
        toon::object spec;
        spec.emplace_back("replicas", r.between(1, 12));
        toon::object match;
        match.emplace_back("matchLabels", toon::object{{"app.kubernetes.io/name", std::string(app)}});
        spec.emplace_back("selector", std::move(match));
        toon::object strategy;
        strategy.emplace_back("type", "RollingUpdate");
        strategy.emplace_back("rollingUpdate", toon::object{{"maxSurge", "25%"}, {"maxUnavailable", 0}});
        spec.emplace_back("strategy", std::move(strategy));
        toon::object tmeta;
        tmeta.emplace_back("labels", labels(app, env, team));
        toon::object pod;
        pod.emplace_back("serviceAccountName", std::string(app));
        toon::array containers;
        const auto nc = r.chance(0.4) ? 2 : 1;
        for (std::int64_t k = 0; k < nc; ++k) containers.emplace_back(container(r, app, k));
        pod.emplace_back("containers", std::move(containers));
        toon::array volumes;
        volumes.emplace_back(toon::object{{"name", "config"},
                                          {"configMap", toon::object{{"name", std::string(app) + "-config"}}}});
        pod.emplace_back("volumes", std::move(volumes));
        toon::object affinity, anti, pref;
        pref.emplace_back("topologyKey", "kubernetes.io/hostname");
        pref.emplace_back("labelSelector", toon::object{{"matchLabels", toon::object{{"app.kubernetes.io/name", std::string(app)}}}});
        anti.emplace_back("requiredDuringSchedulingIgnoredDuringExecution", toon::array{toon::value(std::move(pref))});
        affinity.emplace_back("podAntiAffinity", std::move(anti));
        pod.emplace_back("affinity", std::move(affinity));
        toon::object tmpl;
        tmpl.emplace_back("metadata", std::move(tmeta));
        tmpl.emplace_back("spec", std::move(pod));
        spec.emplace_back("template", std::move(tmpl));
        res.emplace_back("spec", std::move(spec));
        break;
      }
      case 2: {
        res.emplace_back("apiVersion", "v1");
        res.emplace_back("kind", "Service");
        res.emplace_back("metadata", metadata(r, name, app, env, team));
        toon::object spec;
        spec.emplace_back("type", r.chance(0.2) ? "LoadBalancer" : "ClusterIP");
        spec.emplace_back("selector", toon::object{{"app.kubernetes.io/name", std::string(app)}});
        toon::array ports;
        ports.emplace_back(toon::object{{"name", "http"}, {"port", 80}, {"targetPort", 8080}, {"protocol", "TCP"}});
        spec.emplace_back("ports", std::move(ports));
        res.emplace_back("spec", std::move(spec));
        break;
      }
      default: {
        res.emplace_back("apiVersion", "v1");
        res.emplace_back("kind", "ConfigMap");
        res.emplace_back("metadata", metadata(r, name + "-config", app, env, team));
        toon::object data;
        data.emplace_back("LOG_FORMAT", "json");
        data.emplace_back("MAX_CONNECTIONS", std::to_string(r.between(10, 500)));
        data.emplace_back("UPSTREAM_URL", "http://" + std::string(app) + "." + std::string(env) + ".svc:8080/api");
        res.emplace_back("data", std::move(data));
        break;
      }
    }
    items.emplace_back(std::move(res));
  }
  toon::object root;
  root.emplace_back("apiVersion", "v1");
  root.emplace_back("kind", "List");
  root.emplace_back("items", std::move(items));
  return root;
}

/// An OpenAPI 3 fragment: `n` operations (GET/POST/PUT/DELETE on n/4 paths), each with
/// parameters, a request body for POST/PUT and responses down to their schemas, plus
/// components.schemas; seed 13. records = operations.
inline toon::value make_openapi(std::size_t n = 400) {
  using namespace deep_detail;
  random r(13);
  static constexpr std::array<std::string_view, 4> methods = {"get", "post", "put", "delete"};
  static constexpr std::array<std::string_view, 10> things = {"user", "order", "invoice", "product", "cart",
                                                              "payment", "shipment", "review", "coupon", "address"};
  auto ref = [](std::string_view thing) {
    std::string s = "#/components/schemas/";
    s += static_cast<char>(thing[0] - 32);
    s += thing.substr(1);
    return toon::object{{"$ref", s}};
  };
  auto content = [](toon::object schema) {
    return toon::object{{"application/json", toon::object{{"schema", std::move(schema)}}}};
  };
  toon::object paths;
  for (std::size_t p = 0; p < n / 4; ++p) {
    const std::string_view thing = things[p % things.size()];
    std::string path = "/v";
    path += std::to_string(p / things.size() + 1);
    path.append("/").append(thing).append("s/{").append(thing).append("Id}");
    toon::object item;
    for (std::string_view method : methods) {
      toon::object op;
      op.emplace_back("operationId", std::string(method) + static_cast<char>(thing[0] - 32) +
                                         std::string(thing.substr(1)) + std::to_string(p));
      op.emplace_back("summary", std::string(method == "get" ? "Returns" : method == "post" ? "Creates"
                                             : method == "put"  ? "Replaces" : "Deletes") +
                                     " the " + std::string(thing) + " named by the path.");
      op.emplace_back("tags", toon::array{std::string(thing) + "s"});
      toon::array params;
      toon::object id;
      id.emplace_back("name", std::string(thing) + "Id");
      id.emplace_back("in", "path");
      id.emplace_back("required", true);
      id.emplace_back("schema", toon::object{{"type", "string"}, {"format", "uuid"}});
      params.emplace_back(std::move(id));
      if (method == "get" && r.chance(0.6)) {
        toon::object fields;
        fields.emplace_back("name", "fields");
        fields.emplace_back("in", "query");
        fields.emplace_back("required", false);
        fields.emplace_back("schema", toon::object{{"type", "array"}, {"items", toon::object{{"type", "string"}}}});
        params.emplace_back(std::move(fields));
      }
      op.emplace_back("parameters", std::move(params));
      if (method == "post" || method == "put") {
        toon::object body;
        body.emplace_back("required", true);
        body.emplace_back("content", content(ref(thing)));
        op.emplace_back("requestBody", std::move(body));
      }
      toon::object responses;
      toon::object ok;
      ok.emplace_back("description", method == "delete" ? "Deleted." : "The " + std::string(thing) + ".");
      if (method != "delete") ok.emplace_back("content", content(ref(thing)));
      responses.emplace_back(method == "post" ? "201" : method == "delete" ? "204" : "200", std::move(ok));
      toon::object missing;
      missing.emplace_back("description", "No such " + std::string(thing) + ".");
      missing.emplace_back("content", content(ref("error")));
      responses.emplace_back("404", std::move(missing));
      op.emplace_back("responses", std::move(responses));
      if (r.chance(0.3)) op.emplace_back("security", toon::array{toon::object{{"oauth2", toon::array{"write"}}}});
      item.emplace_back(std::string(method), std::move(op));
    }
    paths.emplace_back(path, std::move(item));
  }
  toon::object schemas;
  for (std::string_view thing : things) {
    toon::object props;
    props.emplace_back("id", toon::object{{"type", "string"}, {"format", "uuid"}, {"readOnly", true}});
    props.emplace_back("createdAt", toon::object{{"type", "string"}, {"format", "date-time"}});
    props.emplace_back("status", toon::object{{"type", "string"}, {"enum", toon::array{"active", "archived"}}});
    props.emplace_back("owner", ref("user"));
    toon::object s;
    s.emplace_back("type", "object");
    s.emplace_back("required", toon::array{"id", "status"});
    s.emplace_back("properties", std::move(props));
    std::string key(thing);
    key[0] = static_cast<char>(key[0] - 32);
    schemas.emplace_back(key, std::move(s));
  }
  schemas.emplace_back("Error", toon::object{{"type", "object"},
                                             {"properties", toon::object{{"code", toon::object{{"type", "integer"}}},
                                                                         {"message", toon::object{{"type", "string"}}}}}});
  toon::object info;
  info.emplace_back("title", "Shop API");
  info.emplace_back("version", "2.3.0");
  toon::object root;
  root.emplace_back("openapi", "3.1.0");
  root.emplace_back("info", std::move(info));
  root.emplace_back("paths", std::move(paths));
  root.emplace_back("components", toon::object{{"schemas", std::move(schemas)}});
  return root;
}

}  // namespace bench
