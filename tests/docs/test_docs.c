/* SPDX-License-Identifier: MIT
 *
 * test_docs.c -- the examples in README.md and docs/ cannot drift: every
 * fenced block holding "$ COMMAND" lines is run, its commands in order in
 * one shell (stderr with stdout) in a scratch folder that links the
 * repository's folders (bin/vgdl is this build's binary), and each
 * command's output is compared with the lines that follow it in the block.
 *
 * The documents share the folder, README.md first, then docs/ in name
 * order, so a later one may use a file an earlier one made (my.txt).
 *
 * What the docs may mark (docs/style.md, "Examples in the docs"):
 * - a line "..." in the expected output matches any number of lines;
 * - "…" in a line matches any text within the line (timings, rates and
 *   other figures that depend on the machine);
 * - "<!-- test: file NAME -->" on the line before a block: the block is
 *   the contents of NAME, written to the scratch folder for the commands
 *   after it;
 * - "<!-- test: append NAME -->": the same, appended to NAME;
 * - "<!-- test: sh COMMAND -->" on a line of its own: runs COMMAND there
 *   (a step the prose describes, such as copying part of a file);
 * - "<!-- test: skip REASON -->" on the line before a block: not run.
 * A command's 'python3' is the project's (Debian's python3 with the package
 * of the build under test: tests/python/python.sh), whatever comes first on
 * PATH.
 * Trailing blanks are ignored on both sides. Every relative link must name
 * a file of the repository, and a link to a section ("#name", "FILE.md#name")
 * a heading of that document, as GitHub names it (lower case, punctuation
 * dropped but '-' and '_', a blank a '-'; a repeated heading "-1", "-2").
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>

#include "tools/run_vgdl.h"

#define MAX_LINES 4096
#define MARK      '\036' /* separates the commands' outputs */

static const char ELLIPSIS[] = "\xe2\x80\xa6"; /* "…" in UTF-8 */

/* 1 when 's' matches 'pat', in which "…" stands for any text. */
static int line_matches(const char *pat, const char *s) {
    const char *w = strstr(pat, ELLIPSIS);
    if (!w) return strcmp(pat, s) == 0;
    size_t n = (size_t)(w - pat);
    if (strncmp(pat, s, n) != 0) return 0;
    for (const char *t = s + n;; t++) {
        if (line_matches(w + 3, t)) return 1;
        if (!*t) return 0;
    }
}

/* 1 when the lines 'got' match the expected lines 'exp' ("..." is any
 * number of lines). */
static int lines_match(char **exp, int ne, char **got, int ng) {
    if (ne == 0) return ng == 0;
    if (strcmp(exp[0], "...") == 0) {
        for (int k = 0; k <= ng; k++)
            if (lines_match(exp + 1, ne - 1, got + k, ng - k)) return 1;
        return 0;
    }
    return ng > 0 && line_matches(exp[0], got[0]) && lines_match(exp + 1, ne - 1, got + 1, ng - 1);
}

/* Splits 'text' in place into lines without trailing blanks; returns how
 * many (a final newline ends the last line, it does not start one). */
static int split_lines(char *text, char **lines, int max) {
    int n = 0;
    for (char *p = text; *p && n < max;) {
        char *end = strchr(p, '\n');
        if (end) *end = '\0';
        size_t len = strlen(p);
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r')) p[--len] = '\0';
        lines[n++] = p;
        if (!end) break;
        p = end + 1;
    }
    return n;
}

/* One example block: its commands and, after each, its expected output. */
typedef struct {
    const char *doc;
    int line;    /* of the block's first line, 1-based */
    char **body; /* the block's lines */
    int n;
} block;

/* Runs the block's commands in 'dir'; returns the number that did not
 * print what the block shows, each printed with its difference. */
static int run_block(const block *b, const char *dir) {
    char path[512];
    snprintf(path, sizeof path, "%s/block.sh", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "exec 2>&1\npython3() { '%s/tests/python/python.sh' \"$@\"; }\n", dir);
    for (int i = 0; i < b->n; i++)
        if (strncmp(b->body[i], "$ ", 2) == 0)
            fprintf(f, "rc=$?; printf '%c\\n'; (exit $rc)\n%s\n", MARK, b->body[i] + 2);
    fclose(f);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cd '%s' && timeout 120 sh block.sh >block.out 2>&1 </dev/null", dir);
    if (system(cmd) == -1) return 1;
    snprintf(path, sizeof path, "%s/block.out", dir);
    f = fopen(path, "r");
    assert_non_null(f);
    static char out[1 << 20];
    size_t len = fread(out, 1, sizeof out - 1, f);
    fclose(f);
    out[len] = '\0';
    char *seg = strchr(out, MARK); /* each command's output follows a MARK line */
    int bad = 0;
    for (int i = 0; i < b->n; i++) {
        if (strncmp(b->body[i], "$ ", 2) != 0) continue;
        int j = i + 1;
        while (j < b->n && strncmp(b->body[j], "$ ", 2) != 0) j++;
        char *text = seg ? seg + 2 : out + len;
        char *next = seg ? strchr(text, MARK) : NULL;
        if (next) *next = '\0';
        static char *got[MAX_LINES];
        char copy[1 << 16];
        snprintf(copy, sizeof copy, "%s", text);
        int ng = split_lines(copy, got, MAX_LINES);
        if (!lines_match(b->body + i + 1, j - i - 1, got, ng)) {
            print_error("%s:%d: %s\n--- the docs show:\n", b->doc, b->line + i, b->body[i]);
            for (int k = i + 1; k < j; k++) print_error("%s\n", b->body[k]);
            print_error("--- the program prints:\n%s---\n", text);
            bad++;
        }
        seg = next;
        i = j - 1;
    }
    return bad;
}

/* Writes the block's lines to 'dir'/'name' (mode "w" or "a"). */
static void write_file(const block *b, const char *dir, const char *name, const char *mode) {
    char path[768];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    assert_non_null(f);
    for (int i = 0; i < b->n; i++) fprintf(f, "%s\n", b->body[i]);
    fclose(f);
}

/* A scratch folder that links every top-level entry of the repository
 * but bin/ and results/, with bin/vgdl the binary under test. */
static void make_scratch(char *dir, size_t size) {
    snprintf(dir, size, "%s/doc-XXXXXX", tmp);
    assert_non_null(mkdtemp(dir));
    char cmd[4096], root[1024], bin[1024];
    assert_non_null(getcwd(root, sizeof root)); /* the tests run from the repository */
    snprintf(bin, sizeof bin, vgdl[0] == '/' ? "%s" : "%s/%s", vgdl[0] == '/' ? vgdl : root, vgdl);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && for e in '%s'/*; do case ${e##*/} in bin|results) ;; *) ln -s \"$e\" .;; esac; done"
             " && mkdir bin && ln -s '%s' bin/vgdl",
             dir, root, bin);
    assert_int_equal(system(cmd), 0);
}

/* Reads the directive "<!-- test: WORD ARG -->" from 'line' into 'word'
 * and 'arg'; 1 when it is one. */
static int directive(const char *line, char *word, char *arg) {
    arg[0] = '\0';
    if (sscanf(line, "<!-- test: %31s %255[^\n]", word, arg) < 1) return 0;
    char *end = strstr(arg, "-->");
    if (end) *end = '\0';
    for (size_t n = strlen(arg); n > 0 && arg[n - 1] == ' ';) arg[--n] = '\0';
    return 1;
}

/* Heading 'h' as GitHub names its section, into 'out' (room for 'size'):
 * lower case, blanks as '-', punctuation but '-' and '_' dropped (bytes of
 * UTF-8 kept: the headings' other letters). */
static void heading_slug(const char *h, char *out, size_t size) {
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)h; *c && n + 1 < size; c++)
        if (isalnum(*c) || *c == '-' || *c == '_' || *c >= 0x80) out[n++] = (char)tolower(*c);
        else if (*c == ' ') out[n++] = '-';
    out[n] = '\0';
}

/* 1 when document 'path' has a section named 'anchor' (its headings out
 * of fenced blocks; the second of two equal headings is "NAME-1"). */
static int has_section(const char *path, const char *anchor) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    enum { MAX_HEADINGS = 1024 };
    static char seen[MAX_HEADINGS][160];
    char line[4096], slug[160], named[180];
    int n = 0, fenced = 0, found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "```", 3) == 0) fenced = !fenced;
        if (fenced || line[0] != '#') continue;
        const char *h = line + strspn(line, "#");
        if (*h != ' ') continue;
        heading_slug(h + strspn(h, " "), slug, sizeof slug);
        int same = 0;
        for (int k = 0; k < n; k++) same += strcmp(seen[k], slug) == 0;
        if (n < MAX_HEADINGS) snprintf(seen[n++], sizeof seen[0], "%s", slug);
        snprintf(named, sizeof named, same ? "%s-%d" : "%s", slug, same);
        found = strcmp(named, anchor) == 0;
    }
    fclose(f);
    return found;
}

/* Checks the relative links of line 'ln' of 'doc': each names a file in
 * the repository (a user's clone has nothing beside it, so no "../shared"
 * either), and a section of a document one of its headings; returns how
 * many do not. */
static int check_links(const char *doc, int ln, const char *line) {
    int bad = 0;
    if (strstr(line, "../shared")) {
        print_error("%s:%d: names ../shared, which a clone does not have\n", doc, ln);
        bad++;
    }
    for (const char *p = strstr(line, "]("); p; p = strstr(p + 2, "](")) {
        char target[512] = "", anchor[160] = "", full[1400], real[PATH_MAX], root[PATH_MAX];
        int at = 0;
        sscanf(p + 2, "%511[^)#]%n", target, &at);
        if (strstr(target, "://") || strncmp(target, "mailto:", 7) == 0) continue;
        if (p[2 + at] == '#') sscanf(p + 3 + at, "%159[^)]", anchor);
        if (!target[0] && !anchor[0]) continue;
        const char *slash = strrchr(doc, '/');
        snprintf(full, sizeof full, "%.*s%s", target[0] && slash ? (int)(slash - doc + 1) : 0, target[0] ? doc : "",
                 target[0] ? target : doc);
        if (!realpath(full, real) || !realpath(".", root) || strncmp(real, root, strlen(root)) != 0) {
            print_error("%s:%d: link '%s' is not a file of the repository\n", doc, ln, target);
            bad++;
        } else if (anchor[0] && ends_with(full, ".md") && !has_section(full, anchor)) {
            print_error("%s:%d: link '%s#%s': %s has no such section\n", doc, ln, target, anchor, full);
            bad++;
        }
    }
    return bad;
}

/* Runs the examples of one document in 'dir'; returns the number that
 * drifted. */
static int check_doc(const char *doc, const char *dir) {
    FILE *f = fopen(repo_path(doc), "r");
    assert_non_null(f);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    static char *lines[1 << 14];
    int n = split_lines(text, lines, 1 << 14);
    char word[32] = "", arg[256] = "";
    int bad = 0, runs = 0;
    double t0 = now_seconds();
    for (int i = 0; i < n; i++) bad += check_links(doc, i + 1, lines[i]);
    for (int i = 0; i < n; i++) {
        if (strncmp(lines[i], "```", 3) != 0) {
            int is = directive(lines[i], word, arg);
            if (!is && lines[i][0]) word[0] = '\0';
            if (is && strcmp(word, "sh") == 0) {
                char cmd[1024];
                snprintf(cmd, sizeof cmd, "cd '%s' && %s", dir, arg);
                if (system(cmd) != 0) {
                    print_error("%s:%d: %s failed\n", doc, i + 1, arg);
                    bad++;
                }
            }
            continue;
        }
        int j = i + 1;
        while (j < n && strncmp(lines[j], "```", 3) != 0) j++;
        block b = {doc, i + 2, lines + i + 1, j - i - 1};
        if (strcmp(word, "file") == 0 || strcmp(word, "append") == 0)
            write_file(&b, dir, arg, word[0] == 'f' ? "w" : "a");
        else if (strcmp(word, "skip") != 0) {
            for (int k = 0; k < b.n; k++)
                if (strncmp(b.body[k], "$ ", 2) == 0) {
                    bad += run_block(&b, dir);
                    runs++;
                    break;
                }
        }
        word[0] = '\0';
        i = j;
    }
    printf("%s: %d example blocks, %d problems, %.1f s\n", doc, runs, bad, now_seconds() - t0);
    return bad;
}

static void test_examples(void **state) {
    (void)state;
    char dir[512];
    make_scratch(dir, sizeof dir);
    int bad = check_doc("README.md", dir);
    struct dirent **names;
    int n = scandir("docs", &names, NULL, alphasort);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        char doc[300];
        snprintf(doc, sizeof doc, "docs/%s", names[i]->d_name);
        if (ends_with(doc, ".md")) bad += check_doc(doc, dir);
        free(names[i]);
    }
    free(names);
    assert_int_equal(bad, 0);
}

/* The matcher itself: "…" within a line, "..." for lines. */
static void test_matcher(void **state) {
    (void)state;
    assert_true(line_matches("decision ms: mean …, max …", "decision ms: mean 0.012, max 1.5"));
    assert_false(line_matches("decision ms: mean …, max …", "decision ms: mean 0.012"));
    assert_true(line_matches("a…", "a"));
    assert_false(line_matches("ab", "abc"));
    char x[] = "x", dots[] = "...", y[] = "y", y2[] = "y2", z[] = "z";
    char *exp[] = {x, dots, z}, *got[] = {x, y, y2, z}, *got2[] = {x, y};
    assert_true(lines_match(exp, 3, got, 4));
    assert_true(lines_match(exp, 3, got, 1) == 0);
    assert_false(lines_match(exp, 3, got2, 2));
    assert_true(lines_match(exp + 1, 1, got2, 0));
}

/* Sections as GitHub names them, and the check of a link to one. */
static void test_sections(void **state) {
    (void)state;
    char slug[160];
    heading_slug("Parameters: --set and --config", slug, sizeof slug);
    assert_string_equal(slug, "parameters---set-and---config");
    heading_slug("GVGAI's games: `turns{}`, (chance)", slug, sizeof slug);
    assert_string_equal(slug, "gvgais-games-turns-chance");
    assert_true(has_section(repo_path("docs/agents.md"), "budgets"));
    assert_false(has_section(repo_path("docs/agents.md"), "no-such-section"));
    assert_int_equal(check_links("docs/agents.md", 1, "[a](scripting.md#boundstate), [b](#budgets)"), 0);
    assert_int_equal(check_links("docs/agents.md", 1, "[a](scripting.md#no-such), [b](#budget)"), 2);
    assert_int_equal(check_links("README.md", 1, "[a](docs/nothing.md) [b](docs/api.md#several-agents)"), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matcher),
        cmocka_unit_test(test_sections),
        cmocka_unit_test_setup_teardown(test_examples, cli_setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
