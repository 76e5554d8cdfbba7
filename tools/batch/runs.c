/* SPDX-License-Identifier: MIT
 *
 * runs.c -- result rows: CSV and JSON lines out and back in, a string set
 * for run keys, and the one string hash of tools/. Files and folders of
 * rows are store.c's. See runs.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runs.h"

static const char *const status_names[RUN_NSTATUS] = {"ok", "crashed", "timeout", "oom", "error"};

const char *runs_status_name(run_status s) { return s < RUN_NSTATUS ? status_names[s] : "?"; }

/* ---- Columns ------------------------------------------------------------- */

enum {
    C_GAME,
    C_LEVEL,
    C_AGENT,
    C_OPPONENT,
    C_SEED,
    C_RUN_SEED,
    C_CONFIG,
    C_STATUS,
    C_RESULT,
    C_WIN,
    C_SCORE,
    C_TICKS,
    C_DECISIONS,
    C_MS_MEAN,
    C_MS_MAX,
    C_CALLS,
    C_CALLS_MEAN,
    C_OVERSPENT,
    C_OPP_RESULT,
    C_OPP_SCORE,
    C_OPP_DECISIONS,
    C_OPP_MS_MEAN,
    C_OPP_MS_MAX,
    C_OPP_CALLS,
    C_OPP_CALLS_MEAN,
    C_OPP_OVERSPENT,
    C_RUN_MS,
    C_CPU_MS,
    C_ERROR,
    NCOLS
};

static const char *const col_names[NCOLS] = {
    "game",           "level",         "agent",         "opponent",    "seed",       "run_seed",
    "config",         "status",        "result",        "win",         "score",      "ticks",
    "decisions",      "ms_mean",       "ms_max",        "calls",       "calls_mean", "overspent",
    "opp_result",     "opp_score",     "opp_decisions", "opp_ms_mean", "opp_ms_max", "opp_calls",
    "opp_calls_mean", "opp_overspent", "run_ms",        "cpu_ms",      "error"};

/* The columns files written before two-player games lack (and before
 * games for two players moving at once: opp_result, opp_score). */
#define OPTIONAL_COLS \
    (1ULL << C_OPPONENT | 1ULL << C_OPP_DECISIONS | 1ULL << C_OPP_MS_MEAN | 1ULL << C_OPP_MS_MAX | \
     1ULL << C_OPP_CALLS | 1ULL << C_OPP_CALLS_MEAN | 1ULL << C_OPP_OVERSPENT | 1ULL << C_OPP_RESULT | \
     1ULL << C_OPP_SCORE)

const char runs_csv_header[] =
    "game,level,agent,opponent,seed,run_seed,config,status,result,win,score,ticks,decisions,ms_mean,ms_max,calls,"
    "calls_mean,overspent,opp_result,opp_score,opp_decisions,opp_ms_mean,opp_ms_max,opp_calls,opp_calls_mean,opp_overspent,run_ms,cpu_ms,"
    "error\n";

/* Integers and fixed-point numbers written without printf: a batch formats
 * every row, and printf was most of what its parent process did. */
static void fmt_ll(char *buf, long long v) {
    char tmp[24], *p = tmp + sizeof tmp;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    *--p = '\0';
    do *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--p = '-';
    memcpy(buf, p, (size_t)(tmp + sizeof tmp - p));
}

/* 'v' with 'places' decimals (3 or 4), as "%.*f" would print it for the
 * values rows hold; falls back on snprintf for very large or odd ones. */
static void fmt_fixed(char *buf, size_t size, double v, int places) {
    double scale = places == 3 ? 1e3 : 1e4;
    if (!(fabs(v) < 1e12)) {
        snprintf(buf, size, "%.*f", places, v);
        return;
    }
    long long n = llround(fabs(v) * scale);
    char *p = buf;
    if (v < 0 && n) *p++ = '-';
    fmt_ll(p, n / (long long)scale);
    p += strlen(p);
    *p++ = '.';
    long long frac = n % (long long)scale;
    for (long long d = (long long)scale / 10; d >= 1; d /= 10) *p++ = (char)('0' + frac / d % 10);
    *p = '\0';
}

/* The value of column 'c' of 'r' as text; 'is_string' says whether it is a string. */
static void col_text(const run_row *r, int c, char *buf, size_t size, int *is_string) {
    *is_string = 0;
    double score = isfinite(r->score) ? r->score : 0, opp_score = isfinite(r->opp_score) ? r->opp_score : 0;
    switch (c) {
    case C_GAME:
        *is_string = 1;
        snprintf(buf, size, "%s", r->game);
        break;
    case C_LEVEL:
        *is_string = 1;
        snprintf(buf, size, "%s", r->level);
        break;
    case C_AGENT:
        *is_string = 1;
        snprintf(buf, size, "%s", r->agent);
        break;
    case C_OPPONENT:
        *is_string = 1;
        snprintf(buf, size, "%s", r->opponent);
        break;
    case C_SEED: fmt_ll(buf, r->seed); break;
    case C_RUN_SEED: snprintf(buf, size, "%llu", (unsigned long long)r->run_seed); break;
    case C_CONFIG:
        *is_string = 1;
        snprintf(buf, size, "%s", r->config);
        break;
    case C_STATUS:
        *is_string = 1;
        snprintf(buf, size, "%s", runs_status_name(r->status));
        break;
    case C_RESULT:
        *is_string = 1;
        snprintf(buf, size, "%s", r->result);
        break;
    case C_WIN: fmt_ll(buf, r->win); break;
    case C_SCORE:
    case C_OPP_SCORE: {
        double v = c == C_SCORE ? score : opp_score;
        if (v == floor(v) && fabs(v) < 1e15) fmt_ll(buf, (long long)v);
        else snprintf(buf, size, "%.15g", v);
        break;
    }
    case C_OPP_RESULT:
        *is_string = 1;
        snprintf(buf, size, "%s", r->opp_result);
        break;
    case C_TICKS: fmt_ll(buf, r->ticks); break;
    case C_DECISIONS: fmt_ll(buf, r->decisions); break;
    case C_MS_MEAN: fmt_fixed(buf, size, r->ms_mean, 4); break;
    case C_MS_MAX: fmt_fixed(buf, size, r->ms_max, 4); break;
    case C_CALLS: fmt_ll(buf, r->calls); break;
    case C_CALLS_MEAN: fmt_fixed(buf, size, r->calls_mean, 3); break;
    case C_OVERSPENT: fmt_ll(buf, r->overspent); break;
    case C_OPP_DECISIONS: fmt_ll(buf, r->opp_decisions); break;
    case C_OPP_MS_MEAN: fmt_fixed(buf, size, r->opp_ms_mean, 4); break;
    case C_OPP_MS_MAX: fmt_fixed(buf, size, r->opp_ms_max, 4); break;
    case C_OPP_CALLS: fmt_ll(buf, r->opp_calls); break;
    case C_OPP_CALLS_MEAN: fmt_fixed(buf, size, r->opp_calls_mean, 3); break;
    case C_OPP_OVERSPENT: fmt_ll(buf, r->opp_overspent); break;
    case C_RUN_MS: fmt_fixed(buf, size, r->run_ms, 3); break;
    case C_CPU_MS: fmt_fixed(buf, size, r->cpu_ms, 3); break;
    default:
        *is_string = 1;
        snprintf(buf, size, "%s", r->error);
        break;
    }
}

/* Appends 'text' to buf at *len; -1 when it does not fit. */
static int put(char *buf, size_t size, size_t *len, const char *text, size_t n) {
    if (*len + n + 1 > size) return -1;
    memcpy(buf + *len, text, n);
    *len += n;
    buf[*len] = '\0';
    return 0;
}

int runs_csv_quote(const char *text, char *buf, size_t size) {
    size_t len = 0;
    if (size) buf[0] = '\0';
    if (!text[strcspn(text, ",\"\r\n")]) return put(buf, size, &len, text, strlen(text));
    if (put(buf, size, &len, "\"", 1)) return -1;
    for (const char *p = text; *p; p++)
        if ((*p == '"' && put(buf, size, &len, "\"\"", 2)) || (*p != '"' && put(buf, size, &len, p, 1))) return -1;
    return put(buf, size, &len, "\"", 1);
}

static int is_timing(int c) {
    return c == C_MS_MEAN || c == C_MS_MAX || c == C_OPP_MS_MEAN || c == C_OPP_MS_MAX || c == C_RUN_MS || c == C_CPU_MS;
}

int runs_header(int no_timing, char *buf, size_t size) {
    size_t len = 0;
    for (int c = 0; c < NCOLS; c++) {
        if (no_timing && is_timing(c)) continue;
        if ((len && put(buf, size, &len, ",", 1)) || put(buf, size, &len, col_names[c], strlen(col_names[c])))
            return -1;
    }
    return put(buf, size, &len, "\n", 1) ? -1 : (int)len;
}

int runs_csv(const run_row *r, char *buf, size_t size) { return runs_csv_cols(r, 0, buf, size); }

int runs_csv_cols(const run_row *r, int no_timing, char *buf, size_t size) {
    size_t len = 0;
    char text[512], quoted[1100];
    for (int c = 0; c < NCOLS; c++) {
        int is_string;
        if (no_timing && is_timing(c)) continue;
        col_text(r, c, text, sizeof text, &is_string);
        if (len && put(buf, size, &len, ",", 1)) return -1;
        if (is_string) {
            if (runs_csv_quote(text, quoted, sizeof quoted) || put(buf, size, &len, quoted, strlen(quoted))) return -1;
        } else if (put(buf, size, &len, text, strlen(text))) return -1;
    }
    return put(buf, size, &len, "\n", 1) ? -1 : (int)len;
}

/* Appends column 'c' (its text 'text') to a JSON object being written. */
static int json_col(char *buf, size_t size, size_t *len, int c, const char *text, int is_string) {
    char head[32];
    int n = snprintf(head, sizeof head, "%s\"%s\":", c ? "," : "{", col_names[c]);
    if (put(buf, size, len, head, (size_t)n)) return -1;
    if (!is_string) return put(buf, size, len, text, strlen(text));
    if (put(buf, size, len, "\"", 1)) return -1;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        char esc[8];
        if (*p == '"' || *p == '\\') n = snprintf(esc, sizeof esc, "\\%c", *p);
        else if (*p < 0x20) n = snprintf(esc, sizeof esc, "\\u%04x", *p);
        else esc[0] = (char)*p, n = 1;
        if (put(buf, size, len, esc, (size_t)n)) return -1;
    }
    return put(buf, size, len, "\"", 1);
}

int runs_json(const run_row *r, char *buf, size_t size) {
    size_t len = 0;
    char text[512];
    for (int c = 0; c < NCOLS; c++) {
        int is_string;
        col_text(r, c, text, sizeof text, &is_string);
        if (json_col(buf, size, &len, c, text, is_string)) return -1;
    }
    return put(buf, size, &len, "}\n", 2) ? -1 : (int)len;
}

int runs_lines(const run_row *r, char *csv, size_t csvsize, int *csvlen, char *json, size_t jsonsize, int *jsonlen) {
    size_t cl = 0, jl = 0;
    char text[512], quoted[1100];
    for (int c = 0; c < NCOLS; c++) {
        int is_string;
        col_text(r, c, text, sizeof text, &is_string);
        if (json_col(json, jsonsize, &jl, c, text, is_string)) return -1;
        if (c && put(csv, csvsize, &cl, ",", 1)) return -1;
        if (is_string) {
            if (runs_csv_quote(text, quoted, sizeof quoted) || put(csv, csvsize, &cl, quoted, strlen(quoted)))
                return -1;
        } else if (put(csv, csvsize, &cl, text, strlen(text))) return -1;
    }
    if (put(csv, csvsize, &cl, "\n", 1) || put(json, jsonsize, &jl, "}\n", 2)) return -1;
    *csvlen = (int)cl;
    *jsonlen = (int)jl;
    return 0;
}

/* ---- Parsing ------------------------------------------------------------- */

static int parse_ll(const char *t, long long *out) {
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    if (!*t || *end || errno) return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *t, double *out) {
    char *end;
    double v = strtod(t, &end);
    if (!*t || *end || !isfinite(v)) return -1;
    *out = v;
    return 0;
}

static int copy_str(char *dst, size_t size, const char *t) {
    size_t n = strlen(t);
    if (n >= size) return -1;
    memcpy(dst, t, n + 1);
    return 0;
}

/* Sets column 'c' of 'r' from its text; -1 when the text is not valid. */
static int set_col(run_row *r, int c, const char *t) {
    switch (c) {
    case C_GAME: return copy_str(r->game, sizeof r->game, t) || !*t ? -1 : 0;
    case C_LEVEL: return copy_str(r->level, sizeof r->level, t) || !*t ? -1 : 0;
    case C_AGENT: return copy_str(r->agent, sizeof r->agent, t) || !*t ? -1 : 0;
    case C_OPPONENT: return copy_str(r->opponent, sizeof r->opponent, t);
    case C_SEED: return parse_ll(t, &r->seed);
    case C_RUN_SEED: {
        char *end;
        errno = 0;
        unsigned long long u = strtoull(t, &end, 10);
        if (!*t || *end || errno || *t == '-') return -1;
        r->run_seed = u;
        return 0;
    }
    case C_CONFIG: return copy_str(r->config, sizeof r->config, t);
    case C_STATUS:
        for (int s = 0; s < RUN_NSTATUS; s++)
            if (strcmp(t, status_names[s]) == 0) return r->status = (run_status)s, 0;
        return -1;
    case C_RESULT:
    case C_OPP_RESULT:
        if (strcmp(t, "win") && strcmp(t, "lose") && strcmp(t, "draw") && strcmp(t, "none") && *t) return -1;
        return copy_str(c == C_RESULT ? r->result : r->opp_result, sizeof r->result, t);
    case C_WIN:
        if (strcmp(t, "0") && strcmp(t, "1")) return -1;
        r->win = *t == '1';
        return 0;
    case C_SCORE: return parse_double(t, &r->score);
    case C_OPP_SCORE: return parse_double(t, &r->opp_score);
    case C_TICKS: return parse_ll(t, &r->ticks);
    case C_DECISIONS: return parse_ll(t, &r->decisions);
    case C_MS_MEAN: return parse_double(t, &r->ms_mean);
    case C_MS_MAX: return parse_double(t, &r->ms_max);
    case C_CALLS: return parse_ll(t, &r->calls);
    case C_CALLS_MEAN: return parse_double(t, &r->calls_mean);
    case C_OVERSPENT: return parse_ll(t, &r->overspent);
    case C_OPP_DECISIONS: return parse_ll(t, &r->opp_decisions);
    case C_OPP_MS_MEAN: return parse_double(t, &r->opp_ms_mean);
    case C_OPP_MS_MAX: return parse_double(t, &r->opp_ms_max);
    case C_OPP_CALLS: return parse_ll(t, &r->opp_calls);
    case C_OPP_CALLS_MEAN: return parse_double(t, &r->opp_calls_mean);
    case C_OPP_OVERSPENT: return parse_ll(t, &r->opp_overspent);
    case C_RUN_MS: return parse_double(t, &r->run_ms);
    case C_CPU_MS: return parse_double(t, &r->cpu_ms);
    case C_ERROR: return copy_str(r->error, sizeof r->error, t);
    }
    return -1;
}

/* Parses a CSV line whose fields are the columns 'cols' (n of them). */
static int parse_csv_cols(const char *line, run_row *r, const int *cols, int n) {
    memset(r, 0, sizeof *r);
    char field[1024];
    const char *p = line;
    for (int c = 0; c < n; c++) {
        size_t len = 0;
        if (*p == '"') {
            for (p++;; p++) {
                if (!*p) return -1;
                if (*p == '"') {
                    if (p[1] != '"') break;
                    p++;
                }
                if (len + 1 >= sizeof field) return -1;
                field[len++] = *p;
            }
            p++;
        } else {
            while (*p && *p != ',') {
                if (*p == '"' || len + 1 >= sizeof field) return -1;
                field[len++] = *p++;
            }
        }
        field[len] = '\0';
        if (set_col(r, cols[c], field)) return -1;
        if (c < n - 1 && *p++ != ',') return -1;
    }
    return *p ? -1 : 0;
}

static const int all_cols[NCOLS] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14,
                                    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28};
_Static_assert(NCOLS == 29, "all_cols lists every column");

int runs_parse_csv(const char *line, run_row *r) { return parse_csv_cols(line, r, all_cols, NCOLS); }

/* Reads a JSON string at *p (at its opening quote) into 'out'. */
static int json_string(const char **p, char *out, size_t size) {
    const char *s = *p;
    size_t n = 0;
    if (*s++ != '"') return -1;
    while (*s != '"') {
        unsigned cp;
        if (!*s || (unsigned char)*s < 0x20) return -1;
        if ((unsigned char)*s >= 0x80) { /* a byte of UTF-8 text: as it is */
            if (n + 2 > size) return -1;
            out[n++] = *s++;
            continue;
        }
        if (*s != '\\') cp = (unsigned char)*s++;
        else {
            s++;
            switch (*s++) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u': {
                char hex[5] = {0};
                for (int k = 0; k < 4; k++) {
                    if (!isxdigit((unsigned char)s[k])) return -1;
                    hex[k] = s[k];
                }
                s += 4;
                cp = (unsigned)strtoul(hex, NULL, 16);
                if (cp >= 0xd800 && cp < 0xe000) cp = '?';
                break;
            }
            default: return -1;
            }
        }
        char u[4];
        int k = 0;
        if (cp < 0x80) u[k++] = (char)cp;
        else if (cp < 0x800) u[k++] = (char)(0xc0 | cp >> 6), u[k++] = (char)(0x80 | (cp & 0x3f));
        else
            u[k++] = (char)(0xe0 | cp >> 12), u[k++] = (char)(0x80 | (cp >> 6 & 0x3f)),
            u[k++] = (char)(0x80 | (cp & 0x3f));
        if (n + (size_t)k + 1 > size) return -1;
        memcpy(out + n, u, (size_t)k);
        n += (size_t)k;
    }
    out[n] = '\0';
    *p = s + 1;
    return 0;
}

static void skip_ws(const char **p) {
    while (**p == ' ' || **p == '\t' || **p == '\r') (*p)++;
}

int runs_parse_json(const char *line, run_row *r) {
    memset(r, 0, sizeof *r);
    const char *p = line;
    char key[64], val[1024];
    unsigned long long seen = 0;
    skip_ws(&p);
    if (*p++ != '{') return -1;
    for (;;) {
        skip_ws(&p);
        if (json_string(&p, key, sizeof key)) return -1;
        skip_ws(&p);
        if (*p++ != ':') return -1;
        skip_ws(&p);
        if (*p == '"') {
            if (json_string(&p, val, sizeof val)) return -1;
        } else {
            size_t n = strcspn(p, ",} \t\r");
            if (n == 0 || n >= sizeof val) return -1;
            memcpy(val, p, n);
            val[n] = '\0';
            p += n;
        }
        int c = 0;
        while (c < NCOLS && strcmp(col_names[c], key)) c++;
        if (c < NCOLS) {
            if (set_col(r, c, val)) return -1;
            seen |= 1ULL << c;
        }
        skip_ws(&p);
        if (*p == '}') break;
        if (*p++ != ',') return -1;
    }
    p++;
    skip_ws(&p);
    return *p || (seen | OPTIONAL_COLS) != (1ULL << NCOLS) - 1 ? -1 : 0;
}

void runs_key_of(const char *game, const char *level, const char *agent, const char *opponent, long long seed,
                 char *buf, size_t size) {
    if (*opponent) snprintf(buf, size, "%s\x1f%s\x1f%s\x1f%lld\x1f%s", game, level, agent, seed, opponent);
    else snprintf(buf, size, "%s\x1f%s\x1f%s\x1f%lld", game, level, agent, seed);
}

void runs_key(const run_row *r, char *buf, size_t size) {
    runs_key_of(r->game, r->level, r->agent, r->opponent, r->seed, buf, size);
}

/* ---- Lists and sets ------------------------------------------------------ */

int runs_push(row_list *l, const run_row *r) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        run_row *nr = realloc(l->rows, cap * sizeof *nr);
        if (!nr) return -1;
        l->rows = nr;
        l->cap = cap;
    }
    l->rows[l->n++] = *r;
    return 0;
}

void runs_free(row_list *l) {
    free(l->rows);
    *l = (row_list){0};
}

uint64_t runs_fnv(uint64_t h, const char *s) {
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

uint64_t runs_mix(uint64_t z) { /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t str_hash(const char *s) { return runs_fnv(RUNS_FNV_BASIS, s); }

long runs_keys_get(const key_set *s, const char *key) {
    if (!s->cap) return -1;
    for (size_t i = str_hash(key) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        if (!s->keys[i]) return -1;
        if (strcmp(s->keys[i], key) == 0) return s->vals[i];
    }
}

int runs_keys_put(key_set *s, const char *key, long val) {
    if (runs_keys_get(s, key) >= 0) return 0;
    if ((s->n + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        char **nk = calloc(cap, sizeof *nk);
        long *nv = calloc(cap, sizeof *nv);
        if (!nk || !nv) {
            free(nk), free(nv);
            return -1;
        }
        for (size_t k = 0; k < s->cap; k++) {
            if (!s->keys[k]) continue;
            size_t i = str_hash(s->keys[k]) & (cap - 1);
            while (nk[i]) i = (i + 1) & (cap - 1);
            nk[i] = s->keys[k], nv[i] = s->vals[k];
        }
        free(s->keys), free(s->vals);
        s->keys = nk, s->vals = nv, s->cap = cap;
    }
    char *copy = strdup(key);
    if (!copy) return -1;
    size_t i = str_hash(key) & (s->cap - 1);
    while (s->keys[i]) i = (i + 1) & (s->cap - 1);
    s->keys[i] = copy, s->vals[i] = val, s->n++;
    return 1;
}

void runs_keys_free(key_set *s) {
    for (size_t k = 0; k < s->cap; k++) free(s->keys[k]);
    free(s->keys), free(s->vals);
    *s = (key_set){0};
}

/* ---- Files and folders --------------------------------------------------- */

static int is_jsonl(const char *path) {
    size_t n = strlen(path);
    return n >= 6 && strcmp(path + n - 6, ".jsonl") == 0;
}

/* The columns a CSV header names, in its order: every column known, none
 * twice, every column but the optional ones present. 0, or -1. */
static int parse_header(const char *line, int *cols, int *n) {
    unsigned long long seen = 0;
    *n = 0;
    for (const char *p = line;; p++) {
        size_t len = strcspn(p, ",");
        int c = 0;
        while (c < NCOLS && !(strlen(col_names[c]) == len && strncmp(col_names[c], p, len) == 0)) c++;
        if (c == NCOLS || seen >> c & 1 || *n == NCOLS) return -1;
        seen |= 1ULL << c;
        cols[(*n)++] = c;
        p += len;
        if (!*p) break;
    }
    return (seen | OPTIONAL_COLS) == (1ULL << NCOLS) - 1 ? 0 : -1;
}

int runs_read_file(const char *path, row_list *out, long long *good_end, long long *size, int *bad_line,
                   int *old_header, vg_error *err) {
    *good_end = *size = 0;
    *bad_line = 0;
    if (old_header) *old_header = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* O_NONBLOCK: a FIFO must not block the open */
    if (fd < 0) {
        if (errno == ENOENT) return 1;
        return vg_error_set(err, VG_ERR_IO, path, 0, 0, "%s", strerror(errno)), -1;
    }
    struct stat st;
    char *text = NULL;
    size_t len = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return vg_error_set(err, VG_ERR_IO, path, 0, 0, "not a regular file"), -1;
    }
    if ((text = malloc((size_t)st.st_size + 1))) {
        ssize_t got;
        while (len < (size_t)st.st_size && (got = read(fd, text + len, (size_t)st.st_size - len)) > 0)
            len += (size_t)got;
    }
    close(fd);
    if (!text)
        return vg_error_set(err, VG_ERR_IO, path, 0, 0, "cannot read (%s)", strerror(errno ? errno : ENOMEM)), -1;
    text[len] = '\0';
    *size = (long long)len;
    int json = is_jsonl(path), lineno = 0, cols[NCOLS], ncols = NCOLS;
    memcpy(cols, all_cols, sizeof cols);
    size_t pos = 0;
    while (pos < len) {
        char *nl = memchr(text + pos, '\n', len - pos);
        if (!nl) break; /* a torn last line */
        *nl = '\0';
        lineno++;
        run_row r;
        int ok;
        if (!json && lineno == 1) {
            if (parse_header(text, cols, &ncols)) {
                free(text);
                return vg_error_set(err, VG_ERR_PARSE, path, 1, 0,
                                    "not a vgdl batch results file (its header is not '%.*s')",
                                    (int)sizeof runs_csv_header - 2, runs_csv_header),
                       -1;
            }
            if (old_header) *old_header = ncols != NCOLS || memcmp(cols, all_cols, sizeof cols) != 0;
        } else {
            ok = (json ? runs_parse_json(text + pos, &r) : parse_csv_cols(text + pos, &r, cols, ncols)) == 0;
            if (!ok) {
                *bad_line = lineno;
                break;
            }
            if (runs_push(out, &r)) {
                free(text);
                return vg_error_set(err, VG_ERR_NOMEM, path, 0, 0, "out of memory"), -1;
            }
        }
        pos = (size_t)(nl - text) + 1;
        *good_end = (long long)pos;
    }
    free(text);
    return 0;
}
