/* SPDX-License-Identifier: MIT
 *
 * support.c -- see support.h. Tests run from the repository root.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>
#include <png.h>
#include <zlib.h>

#include "support.h"

const char *repo_path(const char *rel) {
    static char buf[4][1024];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s", rel);
    return buf[k];
}

vg_game *load_game(const char *script, const char *level) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load(repo_path(script), repo_path(level), &g, &err);
    if (st != VG_OK) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

vg_game *load_game_text(const char *script, const char *text) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(repo_path(script), text, "text", &g, &err);
    if (st != VG_OK) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

vg_status load_lua_text(const char *lua, const char *map, vg_game **out, vg_error *err) {
    char path[] = "/tmp/vgdl_test_rules_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(lua, f);
    fclose(f);
    vg_status st = vg_game_load_text(path, map, "map", out, err);
    unlink(path);
    return st;
}

vg_game *load_vgdl_text(const char *rules, const char *map) {
    char path[] = "/tmp/vgdl_test_rules_XXXXXX.txt";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(rules, f);
    fclose(f);
    vg_game *g = load_game_text(path, map);
    unlink(path);
    return g;
}

vg_game *load_lua_ok(const char *lua, const char *map) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = load_lua_text(lua, map, &g, &err);
    if (st != VG_OK) print_error("%d: %s\n", err.line, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

void load_lua_error(const char *lua, const char *map, int line, const char *words) {
    vg_game *g = NULL;
    vg_error err = {0};
    assert_int_equal(load_lua_text(lua, map, &g, &err), VG_ERR_SCRIPT);
    assert_null(g);
    if (!strstr(err.msg, words)) print_error("expected '%s' in: %s\n", words, err.msg);
    assert_non_null(strstr(err.msg, words));
    assert_int_equal(err.line, line);
}

vg_error load_fail(const char *script, const char *level, vg_status status) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load(repo_path(script), repo_path(level), &g, &err);
    assert_null(g);
    if (st != status) print_error("got %s: %s:%d: %s\n", vg_status_name(st), err.file, err.line, err.msg);
    assert_int_equal(st, status);
    return err;
}

int read_actions(const char *path, vg_action **out, int *n) {
    vg_error err = {0};
    if (vg_read_actions(path, out, n, &err) == VG_OK) return 1;
    print_error("%s:%d: %s\n", err.file, err.line, err.msg);
    return 0;
}

/* ---- Fixture scripts ------------------------------------------------- */

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int ends_with(const char *s, const char *tail) {
    size_t ls = strlen(s), lt = strlen(tail);
    return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

/* The 1-based line of 'path' that ends in "-- ERROR"; fails the test if none. */
int marked_line(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) print_error("cannot open %s\n", path);
    assert_non_null(f);
    char line[1024];
    int n = 0, found = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        size_t len = strcspn(line, "\r\n");
        while (len > 0 && line[len - 1] == ' ') len--;
        line[len] = '\0';
        if (ends_with(line, "-- ERROR")) {
            found = n;
            break;
        }
    }
    fclose(f);
    if (!found) print_error("%s has no line marked '-- ERROR'\n", path);
    assert_int_not_equal(found, 0);
    return found;
}

/* 1 when 'msg' contains one of the '|'-separated alternatives of 'kw'. */
int has_keyword(const char *msg, const char *kw) {
    char alt[128];
    while (*kw) {
        size_t n = strcspn(kw, "|");
        snprintf(alt, sizeof alt, "%.*s", (int)n, kw);
        if (strstr(msg, alt)) return 1;
        kw += n + (kw[n] == '|');
    }
    return 0;
}

/* Appends the lines of 'base' to 'out', up to the first that starts with
 * one of the '|'-separated 'stops' (all of them when NULL), leaving out
 * those 'part' names in lines "-- without: LINE"; then all of 'part'. */
static void compose(FILE *out, const char *base, const char *stops, const char *part) {
    FILE *b = fopen(base, "r"), *p = fopen(part, "r");
    if (!b || !p) print_error("cannot read %s or %s\n", base, part);
    assert_true(b && p);
    char line[1024], drop[1024];
    while (fgets(line, sizeof line, b)) {
        char stop[32];
        int at_stop = 0;
        for (const char *s = stops; s && *s; s += strcspn(s, "|") + (s[strcspn(s, "|")] == '|')) {
            snprintf(stop, sizeof stop, "%.*s", (int)strcspn(s, "|"), s);
            at_stop |= strncmp(line, stop, strlen(stop)) == 0;
        }
        if (at_stop) break;
        int dropped = 0;
        rewind(p);
        while (!dropped && fgets(drop, sizeof drop, p))
            dropped = strncmp(drop, "-- without: ", 12) == 0 && strcmp(drop + 12, line) == 0;
        if (!dropped) fputs(line, out);
    }
    rewind(p);
    for (size_t n; (n = fread(line, 1, sizeof line, p)) > 0;) fwrite(line, 1, n, out);
    fclose(b);
    fclose(p);
}

const char *fixture_script(const char *name) {
    static char path[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(path[k], sizeof path[k], "tests/fixtures/scripts/%s", name);
    FILE *f = fopen(path[k], "r");
    if (f) {
        fclose(f);
        return path[k];
    }
    /* A one-line fixture goes after minimal.lua; a Bait variant after Bait's
     * rules (scripts/bait.lua up to its heuristic). */
    char part[512], dir[64];
    const char *base = "tests/fixtures/scripts/minimal.lua", *stops = NULL;
    snprintf(part, sizeof part, "tests/fixtures/scripts/lines/%s", name);
    if (access(part, R_OK) != 0) {
        snprintf(part, sizeof part, "tests/fixtures/scripts/bait/%s", name);
        base = "scripts/bait.lua", stops = "local |function ";
    }
    if (access(part, R_OK) != 0) print_error("no fixture script %s\n", name);
    assert_int_equal(access(part, R_OK), 0);
    snprintf(dir, sizeof dir, "/tmp/vgdl-fixtures-%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
    FILE *out = fopen(path[k], "w");
    assert_non_null(out);
    compose(out, base, stops, part);
    fclose(out);
    return path[k];
}

/* Checks that 'err' names 'fixture' and its marked line, and that the
 * message has keyword 'kw1' and, unless NULL, 'kw2'. */
void expect_error_at(const vg_error *err, const char *fixture, const char *kw1, const char *kw2) {
    int line = marked_line(fixture_script(fixture));
    int ok_file = ends_with(err->file, fixture), ok_line = err->line == line;
    int ok_kw = has_keyword(err->msg, kw1) && (!kw2 || has_keyword(err->msg, kw2));
    if (!ok_file || !ok_line || !ok_kw)
        print_error("%s: expected %s:%d with '%s'%s%s%s, got %s:%d: %s\n", fixture, fixture, line, kw1,
                    kw2 ? " and '" : "", kw2 ? kw2 : "", kw2 ? "'" : "", err->file, err->line, err->msg);
    assert_true(ok_file);
    assert_int_equal(err->line, line);
    assert_true(has_keyword(err->msg, kw1));
    if (kw2) assert_true(has_keyword(err->msg, kw2));
}

int run_group(const char *name, const struct CMUnitTest *tests, size_t n, int argc, char **argv) {
    int k = 1, of = 1, used = 0;
    if (argc > 1 && (argc != 3 || strcmp(argv[1], "--shard") != 0 || sscanf(argv[2], "%d/%d%n", &k, &of, &used) != 2 ||
                     argv[2][used] || of < 1 || k < 1 || k > of)) {
        fprintf(stderr, "usage: %s [--shard K/N]\n", argv[0]);
        return 1;
    }
    struct CMUnitTest *mine = malloc((n + 1) * sizeof *mine);
    size_t m = 0;
    if (!mine) return 1;
    for (size_t j = (size_t)k - 1; j < n; j += (size_t)of) mine[m++] = tests[j];
    int rc = _cmocka_run_group_tests(name, mine, m, NULL, NULL);
    free(mine);
    return rc;
}

/* ---- Replaying a trace GVGAI recorded --------------------------------- */

/* The recording, read a line at a time. */
typedef struct recording {
    gzFile f;
    char *buf;
    size_t cap;
} recording;

/* The next non-blank line; NULL at the end (or when out of memory: *bad set). */
static const char *next_line(recording *r, int *bad) {
    *bad = 0;
    for (;;) {
        size_t len = 0;
        for (;;) {
            if (r->cap - len < 2) {
                size_t cap = r->cap ? 2 * r->cap : 1 << 16;
                char *b = realloc(r->buf, cap);
                if (!b) return *bad = 1, NULL;
                r->buf = b, r->cap = cap;
            }
            if (!gzgets(r->f, r->buf + len, (int)(r->cap - len))) break;
            len += strlen(r->buf + len);
            if (len > 0 && r->buf[len - 1] == '\n') break;
        }
        if (len == 0) return NULL;
        if (r->buf[strspn(r->buf, " \t\r\n")] != '\0') return r->buf;
    }
}

/* Our trace line for 's' after the tick its players were told 'told'
 * (NULL: the start) into '*buf' (grown as needed): the format of a game
 * for one player or for several. NULL when out of memory. */
static const char *our_line(const vg_game *g, const vg_state *s, const int *told, char **buf, size_t *cap) {
    for (int pass = 0; pass < 2; pass++) {
        int len = vg_num_players(g) > 1 ? vg_trace_json_multi(g, s, told, *buf, *cap)
                                        : vg_trace_json(g, s, told ? told[0] : -1, *buf, *cap);
        if (len < 0) return NULL;
        if ((size_t)len < *cap) return *buf;
        char *b = realloc(*buf, (size_t)len + 1);
        if (!b) return NULL;
        *buf = b, *cap = (size_t)len + 1;
    }
    return NULL;
}

/* ---- A quick look: the text of the fields compared, without parsing --- */

static const char *skip_space(const char *p) { return p + strspn(p, " \t\r\n"); }

/* Past the JSON value at 'p' (a string, or anything up to the end of its brackets). */
static const char *skip_value(const char *p) {
    int depth = 0;
    for (p = skip_space(p); *p; p++) {
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++) p += *p == '\\' && p[1];
            if (!*p) return p;
            if (depth == 0) return p + 1;
        } else if (*p == '{' || *p == '[') {
            depth++;
        } else if (*p == '}' || *p == ']') {
            if (depth == 0) return p;
            if (--depth == 0) return p + 1;
        } else if (depth == 0 && (*p == ',')) {
            return p;
        }
    }
    return p;
}

/* The text of member 'key' (n bytes) of the object at 'obj'; NULL when absent. */
static const char *member(const char *obj, const char *key, size_t n, size_t *len) {
    const char *p = skip_space(obj);
    if (*p != '{') return NULL;
    for (p = skip_space(p + 1); *p == '"';) {
        const char *k = p + 1, *v = skip_space(skip_value(p));
        if (*v != ':') return NULL;
        v = skip_space(v + 1);
        const char *end = skip_value(v);
        if ((size_t)(skip_value(p) - k - 1) == n && strncmp(k, key, n) == 0) {
            *len = (size_t)(end - v);
            return v;
        }
        p = skip_space(end);
        if (*p != ',') return NULL;
        p = skip_space(p + 1);
    }
    return NULL;
}

/* 1 when the JSON texts 'a' and 'b' (their lengths 'la', 'lb') say the
 * same thing written alike, numbers compared by value outside strings
 * (2 and 2.0, 8.9 and 8.9000000000000004 are equal); 0 says only "look
 * closer". */
static int same_json(const char *a, size_t la, const char *b, size_t lb) {
    if (la == lb && memcmp(a, b, la) == 0) return 1;
    const char *ea = a + la, *eb = b + lb;
    int in_string = 0;
    while (a < ea && b < eb) {
        char *na = (char *)a, *nb = (char *)b;
        if (!in_string && (*a == '-' || (*a >= '0' && *a <= '9')) && (*b == '-' || (*b >= '0' && *b <= '9'))) {
            double x = strtod(a, &na), y = strtod(b, &nb);
            if (na > ea || nb > eb || (na > a && nb > b && x != y)) return 0;
            if (na > a && nb > b) {
                a = na, b = nb;
                continue;
            }
        }
        if (*a != *b) return 0;
        if (in_string && *a == '\\' && a + 1 < ea && b + 1 < eb) { /* an escape: its next byte too */
            if (*++a != *++b) return 0;
        } else if (*a == '"') {
            in_string = !in_string;
        }
        a++, b++;
    }
    return a == ea && b == eb;
}

/* 1 when member 'key' says the same in both objects (and is there). */
static int same_text(const char *a, const char *b, const char *key) {
    size_t la, lb;
    const char *va = member(a, key, strlen(key), &la), *vb = va ? member(b, key, strlen(key), &lb) : NULL;
    return vb && same_json(va, la, vb, lb);
}

/* Element k of the JSON array at 'arr'; NULL when it has fewer. */
static const char *element(const char *arr, int k) {
    const char *p = skip_space(arr);
    if (*p != '[') return NULL;
    for (p = skip_space(p + 1); *p && *p != ']'; k--) {
        if (k == 0) return p;
        p = skip_space(skip_value(p));
        if (*p != ',') return NULL;
        p = skip_space(p + 1);
    }
    return NULL;
}

/* The fields compared, quickly and in full (compare_line). */
static const char *const top1[] = {"tick", "action", "score", "isGameOver", "winner"}; /* a game for one player */
static const char *const top2[] = {"tick", "actions", "isGameOver"};                   /* ... for several */
static const char *const player_fields[] = {"score", "winner"};
static const char *const avatar_fields[] = {"pos", "type", "alive", "orientation", "resources"};
#define COUNT(a) (sizeof a / sizeof a[0])

/* 1 when the avatars (member "avatar" of the objects 'ref' and 'ours')
 * have the same text in every field compared. */
static int quick_avatar(const char *ref, const char *ours) {
    size_t la, lb;
    const char *ra = member(ref, "avatar", 6, &la), *oa = member(ours, "avatar", 6, &lb);
    if (!ra || !oa || *ra != '{') return ra && oa && la == lb && memcmp(ra, oa, la) == 0; /* null and null */
    for (size_t k = 0; k < COUNT(avatar_fields); k++)
        if (!same_text(ra, oa, avatar_fields[k])) return 0;
    return 1;
}

/* One member of an object: its key (without the quotes) and its value's text. */
typedef struct span {
    const char *key, *val;
    size_t klen, vlen;
} span;

/* The members of the object at 'obj' into 'm' (at most 'max'); how many,
 * -1 when 'obj' is not an object or has more. */
static int members(const char *obj, span *m, int max) {
    const char *p = skip_space(obj);
    if (*p != '{') return -1;
    int n = 0;
    for (p = skip_space(p + 1); *p == '"' && n < max; n++) {
        const char *kend = skip_value(p), *v = skip_space(kend);
        if (*v != ':') return -1;
        v = skip_space(v + 1);
        const char *end = skip_value(v);
        m[n] = (span){p + 1, v, (size_t)(kend - p - 2), (size_t)(end - v)};
        p = skip_space(end);
        if (*p != ',') return n + 1;
        p = skip_space(p + 1);
    }
    return *p == '"' ? -1 : n;
}

/* 1 when every field compare_line compares says the same in both lines;
 * 0 says only "look closer". Our sprite types are indexed once, so a line
 * is read a bounded number of times. */
static int quick_same(const char *ref, const char *ours, int players) {
    size_t la, lb, ls, lo;
    for (size_t k = 0; k < (players > 1 ? COUNT(top2) : COUNT(top1)); k++)
        if (!same_text(ref, ours, players > 1 ? top2[k] : top1[k])) return 0;
    if (players == 1 && !quick_avatar(ref, ours)) return 0;
    const char *rp = players > 1 ? member(ref, "players", 7, &la) : NULL,
               *op = rp ? member(ours, "players", 7, &lb) : NULL;
    for (int p = 0; p < players && players > 1; p++) {
        const char *r = rp ? element(rp, p) : NULL, *o = op ? element(op, p) : NULL;
        if (!r || !o || !quick_avatar(r, o)) return 0;
        for (size_t k = 0; k < COUNT(player_fields); k++)
            if (!same_text(r, o, player_fields[k])) return 0;
    }
    const char *rs = member(ref, "sprites", 7, &ls), *os = member(ours, "sprites", 7, &lo);
    span mine[VG_MAX_TYPES], theirs[VG_MAX_TYPES];
    int nm = os ? members(os, mine, VG_MAX_TYPES) : -1, nt = rs ? members(rs, theirs, VG_MAX_TYPES) : -1;
    if (nm < 0 || nt < 0) return 0;
    for (int k = 0; k < nt; k++) { /* each type the recording lists */
        int j = 0;
        while (j < nm && (mine[j].klen != theirs[k].klen || memcmp(mine[j].key, theirs[k].key, theirs[k].klen) != 0))
            j++;
        size_t lt;
        const char *count = member(theirs[k].val, "n", 1, &lt);
        if (j == nm && !(count && lt == 1 && *count == '0'))
            return 0; /* a GVGAI type ours lacks (its default "avatar") */
        if (j < nm && !same_text(theirs[k].val, mine[j].val, "pos")) return 0;
    }
    return 1;
}

static int is_number(const json_object *j) {
    return json_object_is_type(j, json_type_int) || json_object_is_type(j, json_type_double);
}

/* Deep equality; numbers compare by value whether written as int or double. */
static int same(json_object *a, json_object *b) {
    if (!a || !b) return a == b;
    if (is_number(a) || is_number(b))
        return is_number(a) && is_number(b) && json_object_get_double(a) == json_object_get_double(b);
    if (json_object_get_type(a) != json_object_get_type(b)) return 0;
    switch (json_object_get_type(a)) {
    case json_type_null: return 1;
    case json_type_boolean: return json_object_get_boolean(a) == json_object_get_boolean(b);
    case json_type_string: return strcmp(json_object_get_string(a), json_object_get_string(b)) == 0;
    case json_type_array: {
        size_t n = json_object_array_length(a);
        if (n != json_object_array_length(b)) return 0;
        for (size_t k = 0; k < n; k++)
            if (!same(json_object_array_get_idx(a, k), json_object_array_get_idx(b, k))) return 0;
        return 1;
    }
    case json_type_object: {
        if (json_object_object_length(a) != json_object_object_length(b)) return 0;
        json_object_object_foreach(a, key, va) {
            json_object *vb;
            if (!json_object_object_get_ex(b, key, &vb) || !same(va, vb)) return 0;
        }
        return 1;
    }
    default: return 0;
    }
}

/* Field 'key' of 'obj' (NULL for a JSON null); 0 when 'obj' has no such field. */
static int get(json_object *obj, const char *key, json_object **v) {
    *v = NULL;
    return obj && json_object_is_type(obj, json_type_object) && json_object_object_get_ex(obj, key, v);
}

static json_object *field(json_object *obj, const char *key) {
    json_object *v;
    get(obj, key, &v);
    return v;
}

static const char *text(json_object *j) {
    return j ? json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN) : "null";
}

/* One difference: counted, the first kept in 'd', printed with 'print'. */
static void differ(trace_diff *d, int print, const char *file, int tick, const char *what, const char *want,
                   const char *got) {
    if (d->mismatches++ == 0) {
        d->tick = tick;
        snprintf(d->what, sizeof d->what, "%s", what);
        snprintf(d->want, sizeof d->want, "%s", want);
        snprintf(d->got, sizeof d->got, "%s", got);
    }
    if (print) print_error("%s: tick %d: %s: expected %.300s, got %.300s\n", file, tick, what, want, got);
}

/* Compares field 'key' of the recorded object and ours ('what' in messages). */
static void check(trace_diff *d, int print, const char *file, int tick, const char *what, json_object *ref,
                  json_object *ours, const char *key) {
    json_object *want, *got;
    if (!get(ref, key, &want)) differ(d, print, file, tick, what, "a field", "none in the recording");
    else if (!get(ours, key, &got)) differ(d, print, file, tick, what, text(want), "no such field");
    else if (!same(want, got)) differ(d, print, file, tick, what, text(want), text(got));
}

/* Compares the avatar of the objects 'ref' and 'ours' ('prefix' names it in messages). */
static void compare_avatar(trace_diff *d, int print, const char *file, int tick, const char *prefix, json_object *ref,
                           json_object *ours) {
    json_object *ra = field(ref, "avatar"), *oa = field(ours, "avatar");
    char what[48];
    snprintf(what, sizeof what, "%savatar", prefix);
    if (!ra) {
        check(d, print, file, tick, what, ref, ours, "avatar");
        return;
    }
    for (size_t k = 0; k < COUNT(avatar_fields); k++) {
        snprintf(what, sizeof what, "%savatar.%s", prefix, avatar_fields[k]);
        check(d, print, file, tick, what, ra, oa, avatar_fields[k]);
    }
}

/* Compares our line with the recorded one; the differences go to 'd'. */
static void compare_line(trace_diff *d, int print, const char *file, json_object *ref, json_object *ours, int players) {
    json_object *rt = field(ref, "tick");
    int tick = rt ? json_object_get_int(rt) : -1;
    for (size_t k = 0; k < (players > 1 ? COUNT(top2) : COUNT(top1)); k++) {
        const char *key = players > 1 ? top2[k] : top1[k];
        check(d, print, file, tick, key, ref, ours, key);
    }
    if (players == 1) compare_avatar(d, print, file, tick, "", ref, ours);
    json_object *rp = field(ref, "players"), *op = field(ours, "players");
    for (int p = 0; p < players && players > 1; p++) {
        json_object *r = rp ? json_object_array_get_idx(rp, (size_t)p) : NULL,
                    *o = op ? json_object_array_get_idx(op, (size_t)p) : NULL;
        char prefix[24];
        snprintf(prefix, sizeof prefix, "players[%d].", p);
        if (!r || !o) {
            differ(d, print, file, tick, prefix, r ? "a player" : "none in the recording", o ? "a player" : "none");
            continue;
        }
        for (size_t k = 0; k < COUNT(player_fields); k++) {
            char what[48];
            snprintf(what, sizeof what, "%s%s", prefix, player_fields[k]);
            check(d, print, file, tick, what, r, o, player_fields[k]);
        }
        compare_avatar(d, print, file, tick, prefix, r, o);
    }
    json_object *rs = field(ref, "sprites"), *os = field(ours, "sprites");
    if (!rs || !json_object_is_type(rs, json_type_object)) {
        differ(d, print, file, tick, "sprites", "an object", "none in the recording");
        return;
    }
    json_object_object_foreach(rs, type, want) {
        char what[96];
        snprintf(what, sizeof what, "sprites.%s.pos", type);
        json_object *got = field(os, type), *n = field(want, "n");
        if (!got && n && json_object_get_int(n) == 0) continue; /* a GVGAI type ours lacks (its default "avatar") */
        if (!got) differ(d, print, file, tick, what, text(field(want, "pos")), "no such sprite type");
        else check(d, print, file, tick, what, want, got, "pos");
    }
}

/* Compares our line with the recorded one: quickly when their texts agree,
 * else field by field (the differences go to 'd'); -1 when the recording's
 * line is not JSON. */
static int compare(trace_diff *d, int print, const char *file, const char *ref, const char *ours, int players) {
    if (quick_same(ref, ours, players)) return 0;
    json_object *rj = json_tokener_parse(ref), *oj = json_tokener_parse(ours);
    int rc = rj ? 0 : -1;
    if (rj && !oj) differ(d, print, file, d->lines, "vg_trace_json", "JSON", ours);
    if (rj && oj) compare_line(d, print, file, rj, oj, players);
    json_object_put(rj);
    json_object_put(oj);
    return rc;
}

int trace_replay(const vg_game *g, uint64_t seed, const vg_action *acts, int n, const char *jsonl, int print,
                 trace_diff *d) {
    trace_plays p = {{acts}, {n}};
    return trace_replay_plays(g, seed, &p, jsonl, print, d);
}

/* Plays tick k of 'p' in 's' as vgdl trace does: each player's k-th action
 * (NIL past its list's end); told[q] what player q was told, -1 when it
 * was not asked (its avatar not alive, in a game for several players). */
static vg_status play_tick(const vg_game *g, vg_state *s, const trace_plays *p, int k, int told[VG_MAX_PLAYERS],
                           vg_error *err) {
    vg_action a[VG_MAX_PLAYERS];
    int players = vg_num_players(g);
    for (int q = 0; q < players; q++) {
        a[q] = k < p->n[q] ? p->acts[q][k] : VG_ACTION_NIL;
        told[q] = players == 1 || vg_player_alive(g, s, q) ? (int)a[q] : -1;
    }
    return players == 1 ? vg_advance(g, s, a[0], err) : vg_advance_multi(g, s, a, err);
}

int trace_replay_plays(const vg_game *g, uint64_t seed, const trace_plays *p, const char *jsonl, int print,
                       trace_diff *d) {
    memset(d, 0, sizeof *d);
    d->tick = -1;
    recording r = {gzopen(jsonl, "rb"), NULL, 0};
    vg_state *s = r.f ? vg_state_new(g, seed) : NULL;
    char *buf = NULL;
    size_t cap = 0;
    int bad = 0, rc = -1, players = vg_num_players(g), ticks = 0;
    for (int q = 0; q < players; q++) ticks = p->n[q] > ticks ? p->n[q] : ticks;
    if (!s) {
        snprintf(d->what, sizeof d->what, "%s", r.f ? "out of memory" : "cannot open the recording");
        goto done;
    }
    for (int k = -1; k < ticks && !d->mismatches; k++) {
        vg_error err = {0};
        int told[VG_MAX_PLAYERS];
        if (k >= 0 && (vg_is_over(s) || play_tick(g, s, p, k, told, &err) != VG_OK)) {
            if (err.msg[0]) differ(d, print, jsonl, k + 1, "vg_advance", "no error", err.msg);
            break;
        }
        const char *ref = next_line(&r, &bad), *ours = bad ? NULL : our_line(g, s, k >= 0 ? told : NULL, &buf, &cap);
        if (bad || (ref && ours && compare(d, print, jsonl, ref, ours, players) < 0)) {
            snprintf(d->what, sizeof d->what, "line %d of the recording cannot be read", d->lines + 1);
            goto done;
        }
        if (!ref) differ(d, print, jsonl, k + 1, "lines", "the recording's end", "more ticks (ours goes on)");
        else if (!ours) differ(d, print, jsonl, k + 1, "vg_trace_json", "a line", "none (out of memory)");
        d->lines++;
    }
    if (!d->mismatches && next_line(&r, &bad))
        differ(d, print, jsonl, d->lines, "lines", "more ticks", "the game over (ours ended early)");
    rc = d->mismatches > 0;
done:
    vg_state_free(s);
    if (r.f) gzclose(r.f);
    free(r.buf);
    free(buf);
    return rc;
}

/* The PNG 'path' as RGB (malloc'd), its size in '*w', '*h'; NULL when it cannot be read. */
uint8_t *read_png(const char *path, int *w, int *h) {
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, path)) return NULL;
    im.format = PNG_FORMAT_RGB;
    uint8_t *rgb = malloc(PNG_IMAGE_SIZE(im));
    if (!rgb || !png_image_finish_read(&im, NULL, rgb, 0, NULL)) {
        free(rgb);
        return NULL;
    }
    *w = (int)im.width;
    *h = (int)im.height;
    return rgb;
}
