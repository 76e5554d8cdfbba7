/* SPDX-License-Identifier: MIT
 *
 * test_scripting_doc.c -- docs/scripting.md describes every row of the
 * construct tables once: the effects (EFFECT_LIST), the sprite classes
 * (CLASS_LIST), the terminations (TERM_LIST) and the parameters of
 * sprites, effects, terminations and the game (param.c's tables).
 *
 * Each of them is one table in the document, marked by the line before
 * it, "<!-- rows: KIND -->". A row's names are the `quoted` words of its
 * first cell: "`players` (GVGAI: `no_players`)" is the rows of both names. Every row of the
 * engine's table must be a row there, and nothing else may be: a name
 * the engine does not have is a doc that drifted. A name is a row once;
 * an effect, class or termination is set out nowhere else as a definition
 * ("**name**").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "class.h"
#include "effect.h"
#include "param.h"
#include "term.h"

#define MAX_NAMES 256

typedef struct names {
    char name[MAX_NAMES][64];
    int n;
} names;

/* The document, read once; its lines, split in place. */
static char *doc_text;
static char *doc_line[1 << 14];
static int doc_lines;

static int setup(void **state) {
    (void)state;
    FILE *f = fopen(repo_path("docs/scripting.md"), "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    doc_text = malloc((size_t)size + 1);
    if (!doc_text || fread(doc_text, 1, (size_t)size, f) != (size_t)size) return fclose(f), -1;
    fclose(f);
    doc_text[size] = '\0';
    for (char *p = doc_text; *p && doc_lines < (int)(sizeof doc_line / sizeof *doc_line);) {
        doc_line[doc_lines++] = p;
        char *end = strchr(p, '\n');
        if (!end) break;
        *end = '\0';
        p = end + 1;
    }
    return 0;
}

static int teardown(void **state) {
    (void)state;
    free(doc_text);
    return 0;
}

static int has_name(const names *ns, const char *name) {
    for (int k = 0; k < ns->n; k++)
        if (strcmp(ns->name[k], name) == 0) return 1;
    return 0;
}

/* Adds the `quoted` names of 'cell' (up to 'end') to 'ns'; returns how
 * many duplicates it met (a name already there). */
static int add_cell_names(names *ns, const char *cell, const char *end) {
    int dup = 0;
    for (const char *p = cell; p < end; p++) {
        if (*p != '`') continue;
        const char *close = strchr(p + 1, '`');
        if (!close || close >= end) break;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(close - p - 1), p + 1);
        if (has_name(ns, name)) {
            print_error("scripting.md: '%s' is two rows\n", name);
            dup++;
        } else if (ns->n < MAX_NAMES) {
            memcpy(ns->name[ns->n++], name, sizeof name);
        }
        p = close;
    }
    return dup;
}

/* The names of the rows of the table marked "<!-- rows: KIND -->" into
 * 'ns'; the number of problems (no such mark, two of them, no table after
 * it, a name twice). */
static int doc_rows(const char *kind, names *ns) {
    char mark[64];
    snprintf(mark, sizeof mark, "<!-- rows: %s -->", kind);
    int at = -1, bad = 0;
    for (int i = 0; i < doc_lines; i++)
        if (strcmp(doc_line[i], mark) == 0) {
            if (at >= 0) print_error("scripting.md:%d: a second '%s'\n", i + 1, mark), bad++;
            at = i;
        }
    if (at < 0) {
        print_error("scripting.md: no '%s'\n", mark);
        return 1;
    }
    int i = at + 1;
    while (i < doc_lines && !doc_line[i][0]) i++;
    if (i >= doc_lines || doc_line[i][0] != '|') {
        print_error("scripting.md:%d: no table after '%s'\n", at + 1, mark);
        return bad + 1;
    }
    for (i += 2; i < doc_lines && doc_line[i][0] == '|'; i++) { /* a header, a rule, then the rows */
        const char *cell = doc_line[i] + 1, *end = strchr(cell, '|');
        bad += add_cell_names(ns, cell, end ? end : cell + strlen(cell));
    }
    return bad;
}

/* Compares the rows of KIND in the document with the engine's 'want';
 * with 'once', also that no name is set out elsewhere as "**name**" (not
 * for parameters: 'stepBack' is an effect too). */
static void expect_rows(const char *kind, const char **want, int nwant, int once) {
    static names got, engine;
    got.n = engine.n = 0;
    int bad = doc_rows(kind, &got);
    for (int k = 0; k < nwant && k < MAX_NAMES; k++)
        snprintf(engine.name[engine.n++], sizeof engine.name[0], "%s", want[k]);
    for (int k = 0; k < engine.n; k++)
        if (!has_name(&got, engine.name[k]))
            print_error("scripting.md: %s: no row for '%s'\n", kind, engine.name[k]), bad++;
    for (int k = 0; k < got.n; k++)
        if (!has_name(&engine, got.name[k]))
            print_error("scripting.md: %s: a row for '%s', which the engine does not have\n", kind, got.name[k]), bad++;
    for (int k = 0; once && k < engine.n; k++) {
        char bold[80], bold_quoted[80];
        snprintf(bold, sizeof bold, "**%s**", engine.name[k]);
        snprintf(bold_quoted, sizeof bold_quoted, "**`%s`**", engine.name[k]);
        for (int i = 0; i < doc_lines; i++)
            if (strstr(doc_line[i], bold) || strstr(doc_line[i], bold_quoted))
                print_error("scripting.md:%d: '%s' described again (its row is in the %s)\n", i + 1, engine.name[k],
                            kind),
                    bad++;
    }
    assert_int_equal(bad, 0);
}

/* The effects, the classes and the terminations: each set out once. */
static void test_constructs(void **state) {
    (void)state;
    static const struct {
        const char *kind;
        int (*names)(const char **out, int max);
    } tables[] = {{"effects", effect_names}, {"classes", class_names}, {"terminations", term_names}};
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
        const char *want[MAX_NAMES];
        expect_rows(tables[t].kind, want, tables[t].names(want, MAX_NAMES), 1);
    }
}

static void test_parameters(void **state) {
    (void)state;
    static const struct {
        param_table table;
        const char *kind;
    } tables[] = {
        {PARAMS_GAME, "game parameters"},
        {PARAMS_SPRITE, "sprite parameters"},
        {PARAMS_EFFECT, "effect parameters"},
        {PARAMS_TERM, "termination parameters"},
    };
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
        const char *want[MAX_NAMES];
        expect_rows(tables[t].kind, want, param_names(tables[t].table, want, MAX_NAMES), 0);
    }
}

/* The parser itself: every quoted name of a first cell is a row; a name
 * twice is a duplicate. */
static void test_reading_rows(void **state) {
    (void)state;
    static names ns;
    const char cell[] = " `players` (GVGAI: `no_players`), `counters` | `kind` |";
    assert_int_equal(add_cell_names(&ns, cell, strchr(cell, '|')), 0);
    assert_int_equal(ns.n, 3);
    assert_string_equal(ns.name[0], "players");
    assert_string_equal(ns.name[1], "no_players");
    assert_string_equal(ns.name[2], "counters");
    const char again[] = "`players`";
    assert_int_equal(add_cell_names(&ns, again, again + strlen(again)), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reading_rows),
        cmocka_unit_test(test_constructs),
        cmocka_unit_test(test_parameters),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
