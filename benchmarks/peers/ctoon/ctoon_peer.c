/* benchmarks/peers/ctoon/ctoon_peer.c - times the C core of ctoon (the TOON library whose
 * source ships in the `ctoon` crate's package) on the datasets in DATADIR, like
 * benchmarks/peers/reference.mjs; prints one JSON object.
 *
 *   ctoon_peer DATADIR [MIN_MS]
 *
 * scripts/bench.sh compiles this file together with ctoon's src/ctoon.c (from the crate's
 * source package, fetched by cargo at benchmark time; never part of this repository):
 *
 *   cc -O3 -DNDEBUG -I CTOON/include ctoon_peer.c CTOON/src/ctoon.c -lm
 *
 * Operations, each on NAME.toon / NAME.json of toon_bench_data:
 *   value_decode  ctoon_read(toon text) then ctoon_doc_free: TOON text -> ctoon document
 *   value_encode  ctoon_write(document read from NAME.toon) then free: document -> TOON text
 *   toon_to_json  ctoon_toon_to_json(toon text) then free: TOON text -> compact JSON text
 *   json_to_toon  ctoon_json_to_toon(json text) then free: compact JSON text -> TOON text
 * Before timing, each output is checked: the TOON ctoon writes must equal toon-cpp's NAME.toon
 * byte for byte, the document it reads must equal the one it reads from NAME.json (same keys
 * in the same order, same values), and its JSON must read back into that document (and is
 * compared byte for byte with toon-cpp's NAME.json). Every difference becomes a note.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctoon.h"

#ifndef CTOON_PEER_CC
#define CTOON_PEER_CC "C compiler, -O3"  /* scripts/bench.sh names the compiler and its flags */
#endif

/* ---- notes and results, printed as JSON at the end ---- */

static char notes[64][512];
static int note_count;

static void note(const char *fmt, ...) {
    if (note_count == (int)(sizeof notes / sizeof notes[0])) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(notes[note_count++], sizeof notes[0], fmt, ap);
    va_end(ap);
}

/* Prints `s` as a JSON string (the notes and names are ASCII). */
static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* ---- files ---- */

/* The whole file `dir/name` (NUL-terminated, length in *len); exits when unreadable. */
static char *read_file(const char *dir, const char *name, size_t *len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "ctoon_peer: cannot open %s\n", path);
        exit(1);
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    if (!buf || ferror(f)) {
        fprintf(stderr, "ctoon_peer: cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* ---- timing ---- */

/* The process's CPU time (it has one thread): the clock toon_bench's figures use, so that the
 * two compare alike on a machine that other programs load. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One timed operation: runs once per call, returns a byte count to keep the work alive. */
typedef size_t (*operation)(const char *text, size_t len, void *ctx);

static volatile size_t sink;

/* CPU seconds per call of op, run for at least min_s after a warm-up of a quarter of that
 * (the same scheme as the other peers, which count wall-clock time). */
static double timed(operation op, const char *text, size_t len, void *ctx, double min_s) {
    double end = now() + min_s / 4;
    while (now() < end) sink += op(text, len, ctx);
    double start = now(), t;
    unsigned long n = 0;
    do {
        sink += op(text, len, ctx);
        ++n;
        t = now() - start;
    } while (t < min_s || n < 3);
    return t / (double)n;
}

static size_t op_read(const char *text, size_t len, void *ctx) {
    (void)ctx;
    ctoon_doc *doc = ctoon_read(text, len, 0);
    size_t n = ctoon_doc_get_val_count(doc);
    ctoon_doc_free(doc);
    return n;
}

static size_t op_write(const char *text, size_t len, void *ctx) {
    (void)text;
    (void)len;
    size_t n = 0;
    free(ctoon_write((const ctoon_doc *)ctx, &n));
    return n;
}

static size_t op_toon_to_json(const char *text, size_t len, void *ctx) {
    (void)ctx;
    size_t n = 0;
    free(ctoon_toon_to_json(text, len, &n));
    return n;
}

static size_t op_json_to_toon(const char *text, size_t len, void *ctx) {
    (void)ctx;
    size_t n = 0;
    free(ctoon_json_to_toon(text, len, &n));
    return n;
}

/* ---- checks ---- */

/* Data equality with key order: same types, integers equal as integers, other numbers equal
 * as doubles, strings byte for byte, object members pairwise in order. */
static bool same(ctoon_val *a, ctoon_val *b) {
    ctoon_type t = ctoon_get_type(a);
    if (t != ctoon_get_type(b)) return false;
    switch (t) {
        case CTOON_TYPE_NULL: return true;
        case CTOON_TYPE_BOOL: return ctoon_get_bool(a) == ctoon_get_bool(b);
        case CTOON_TYPE_NUM:
            if (ctoon_is_int(a) && ctoon_is_int(b)) {
                if (ctoon_is_sint(a) != ctoon_is_sint(b)) return false;
                return ctoon_get_uint(a) == ctoon_get_uint(b);
            }
            return ctoon_get_num(a) == ctoon_get_num(b);
        case CTOON_TYPE_STR:
        case CTOON_TYPE_RAW:
            return ctoon_get_len(a) == ctoon_get_len(b) &&
                   memcmp(ctoon_get_str(a), ctoon_get_str(b), ctoon_get_len(a)) == 0;
        case CTOON_TYPE_ARR: {
            if (ctoon_arr_size(a) != ctoon_arr_size(b)) return false;
            ctoon_arr_iter ia = ctoon_arr_iter_with(a), ib = ctoon_arr_iter_with(b);
            ctoon_val *x, *y;
            while ((x = ctoon_arr_iter_next(&ia)) && (y = ctoon_arr_iter_next(&ib)))
                if (!same(x, y)) return false;
            return true;
        }
        case CTOON_TYPE_OBJ: {
            if (ctoon_obj_size(a) != ctoon_obj_size(b)) return false;
            ctoon_obj_iter ia = ctoon_obj_iter_with(a), ib = ctoon_obj_iter_with(b);
            ctoon_val *ka, *kb;
            while ((ka = ctoon_obj_iter_next(&ia)) && (kb = ctoon_obj_iter_next(&ib)))
                if (!same(ka, kb) || !same(ctoon_obj_iter_get_val(ka), ctoon_obj_iter_get_val(kb))) return false;
            return true;
        }
        default: return false;
    }
}

/* The first byte where two texts differ, for the notes. */
static size_t first_difference(const char *a, size_t na, const char *b, size_t nb) {
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i]) ++i;
    return i;
}

/* Notes a TOON output that is not toon-cpp's text, with the line of the first difference. */
static bool check_toon(const char *name, const char *what, const char *out, size_t n, const char *want, size_t wn) {
    if (!out) {
        note("%s: %s failed", name, what);
        return false;
    }
    if (n == wn && memcmp(out, want, n) == 0) return true;
    size_t at = first_difference(out, n, want, wn);
    size_t line = 1;
    for (size_t i = 0; i < at; ++i) line += want[i] == '\n';
    note("%s: %s output differs from toon-cpp's (first at byte %zu, line %zu; %zu vs %zu bytes)", name, what, at,
         line, n, wn);
    return false;
}

/* ---- main ---- */

struct result {
    const char *dataset;
    const char *op;
    double seconds, bytes, records;
};

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: ctoon_peer DATADIR [MIN_MS]\n");
        return 2;
    }
    const char *dir = argv[1];
    const double min_s = (argc > 2 ? atof(argv[2]) : 1000.0) / 1000.0;

    size_t mlen;
    char *mtext = read_file(dir, "manifest.json", &mlen);
    ctoon_doc *manifest = ctoon_read_json(mtext, mlen, 0, NULL, NULL);
    ctoon_val *entries = ctoon_doc_get_root(manifest);
    if (!ctoon_is_arr(entries)) {
        fprintf(stderr, "ctoon_peer: %s/manifest.json is not a JSON array\n", dir);
        return 1;
    }
    size_t count = ctoon_arr_size(entries);
    struct result *results = calloc(count * 4 + 1, sizeof *results);
    size_t nresults = 0;

    ctoon_arr_iter it = ctoon_arr_iter_with(entries);
    ctoon_val *entry;
    while ((entry = ctoon_arr_iter_next(&it))) {
        const char *name = ctoon_get_str(ctoon_obj_get(entry, "name"));
        const double records = ctoon_get_num(ctoon_obj_get(entry, "records"));
        char file[1024];
        size_t tlen, jlen;
        snprintf(file, sizeof file, "%s.toon", name);
        char *toon = read_file(dir, file, &tlen);
        snprintf(file, sizeof file, "%s.json", name);
        char *json = read_file(dir, file, &jlen);

        ctoon_read_err rerr;
        memset(&rerr, 0, sizeof rerr);
        ctoon_doc *doc = ctoon_read_opts(toon, tlen, 0, NULL, &rerr);
        ctoon_doc *want = ctoon_read_json(json, jlen, 0, NULL, NULL);
        if (!want) {
            fprintf(stderr, "ctoon_peer: ctoon cannot read %s.json\n", name);
            return 1;
        }
        if (!doc) {
            note("%s: ctoon_read failed at byte %zu: %s", name, rerr.pos, rerr.msg ? rerr.msg : "?");
        } else if (!same(ctoon_doc_get_root(doc), ctoon_doc_get_root(want))) {
            note("%s: ctoon_read result differs from the JSON", name);
        }
        if (doc) {
            size_t n = 0;
            char *out = ctoon_write(doc, &n);
            check_toon(name, "ctoon_write", out, n, toon, tlen);
            free(out);
        }
        {
            size_t n = 0;
            char *out = ctoon_json_to_toon(json, jlen, &n);
            check_toon(name, "ctoon_json_to_toon", out, n, toon, tlen);
            free(out);
        }
        bool t2j_ok = false;
        {
            size_t n = 0;
            char *out = ctoon_toon_to_json(toon, tlen, &n);
            ctoon_doc *back = out ? ctoon_read_json(out, n, 0, NULL, NULL) : NULL;
            if (!out) {
                note("%s: ctoon_toon_to_json failed", name);
            } else if (!back || !same(ctoon_doc_get_root(back), ctoon_doc_get_root(want))) {
                note("%s: ctoon_toon_to_json output does not read back as the JSON's data", name);
            } else {
                t2j_ok = true;
                if (n != jlen || memcmp(out, json, n) != 0)
                    note("%s: ctoon_toon_to_json output is the same data as toon-cpp's JSON but not the same text "
                         "(first difference at byte %zu; %zu vs %zu bytes)",
                         name, first_difference(out, n, json, jlen), n, jlen);
            }
            ctoon_doc_free(back);
            free(out);
        }

        /* Each operation is timed only when it ran; a wrong output is timed and noted. */
        if (doc) {
            results[nresults++] = (struct result){name, "value_decode", timed(op_read, toon, tlen, NULL, min_s),
                                                  (double)tlen, records};
            results[nresults++] = (struct result){name, "value_encode", timed(op_write, NULL, 0, doc, min_s),
                                                  (double)tlen, records};
        }
        if (t2j_ok)
            results[nresults++] = (struct result){name, "toon_to_json",
                                                  timed(op_toon_to_json, toon, tlen, NULL, min_s), (double)tlen,
                                                  records};
        results[nresults++] = (struct result){name, "json_to_toon", timed(op_json_to_toon, json, jlen, NULL, min_s),
                                              (double)jlen, records};
        ctoon_doc_free(doc);
        ctoon_doc_free(want);
        free(toon);
        free(json);
    }

    uint32_t v = ctoon_version();
    printf("{\n  \"implementation\": \"ctoon %u.%u.%u (C core of the ctoon crate, TOON spec %s)\",\n",
           (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, ctoon_spec_version_string());
    printf("  \"runtime\": ");
    print_json_string(CTOON_PEER_CC);
    printf(",\n  \"clock\": \"cpu\",\n  \"notes\": [");
    for (int i = 0; i < note_count; ++i) {
        printf(i ? ",\n    " : "\n    ");
        print_json_string(notes[i]);
    }
    printf("%s],\n  \"results\": [", note_count ? "\n  " : "");
    for (size_t i = 0; i < nresults; ++i) {
        const struct result *r = &results[i];
        printf(i ? ",\n    " : "\n    ");
        printf("{\"dataset\": ");
        print_json_string(r->dataset);
        printf(", \"op\": \"%s\", \"seconds\": %.9g, \"bytes\": %.0f, \"records\": %.0f, "
               "\"bytes_per_second\": %.9g, \"records_per_second\": %.9g}",
               r->op, r->seconds, r->bytes, r->records, r->bytes / r->seconds, r->records / r->seconds);
    }
    printf("\n  ]\n}\n");
    free(results);
    ctoon_doc_free(manifest);
    free(mtext);
    return sink == (size_t)-1;
}
