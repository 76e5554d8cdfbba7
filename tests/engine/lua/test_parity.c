/* SPDX-License-Identifier: MIT
 *
 * test_parity.c -- the built-in effects written in Lua with the state
 * handle play exactly as the built-ins: the Lua versions are the code
 * blocks docs/scripting.md shows under "The built-in effects in Lua"
 * (those marked "<!-- test: append parity.lua -->"), so the document is
 * what is tested. Each grid game of tests/golden/gvgai/corpus/EXACT is
 * converted to Lua ('vgdl convert'), every interaction whose effect has
 * a Lua version becomes that version (interaction { a, b, "name", k = v }
 * -> interaction { a, b, fx.name { k = v } }, its "repeat" kept), and
 * every corpus trace of the game must replay exactly.
 *
 * Not swapped: rows timed by "TIME" (their score is the timer's, not the
 * effect's), effects a shieldFrom of the game names (a shield stops
 * built-in effects by name), and the uses the document names as not
 * written in Lua (subtractHealthPoints with stype). Every Lua version
 * must replace some row: those no grid game of the corpus swaps are
 * played in a small game of their own, with the built-ins and with the
 * Lua versions, at random, which must give the same trace.
 *
 * The default suite replays level 0 of each game; VGDL_SLOW=1 (make
 * test-slow) replays every level. VGDL_PARITY_GAME=NAME replays only that
 * game, and VGDL_PARITY_KEEP=1 keeps the scripts in /tmp/vgdl-parity-PID/
 * (for a look at one that differs).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"

#include "io.h"

#define CORPUS "tests/golden/gvgai/corpus"
#define MAX_FX 64

static char *library;             /* the document's Lua versions */
static char fx_names[MAX_FX][32]; /* the effects they define */
static int fx_used[MAX_FX];       /* how many rows of the corpus' games each replaced */
static int nfx;

/* A game with the effects no grid game of the corpus swaps (killIfAlive,
 * spawnBehind unused; killIfFrontal stopped by a shieldFrom), and others,
 * on cells of 7 pixels, played with the built-ins and with the Lua
 * versions at random: the same trace. */
static const char zoo[] = "game { square_size = 7 }\n"
                          "sprite { \"floor\", \"Immovable\", hidden = true }\n"
                          "sprite { \"wall\", \"Immovable\" }\n"
                          "sprite { \"trail\", \"Immovable\" }\n"
                          "sprite { \"bug\", \"RandomNPC\", cons = 1 }\n"
                          "sprite { \"rock\", \"Missile\", orientation = \"LEFT\", speed = 0.5 }\n"
                          "sprite { \"avatar\", \"MovingAvatar\" }\n"
                          "map { \"A\", \"avatar\", \"floor\" }\n"
                          "map { \"b\", \"bug\", \"floor\" }\n"
                          "map { \"r\", \"rock\", \"floor\" }\n"
                          "map { \".\", \"floor\" }\n"
                          "map { \"w\", \"wall\" }\n"
                          "interaction { \"avatar\", \"wall\", \"stepBack\" }\n"
                          "interaction { \"bug\", \"wall\", \"stepBack\", pixelPerfect = true }\n"
                          "interaction { \"rock\", { \"wall\", \"EOS\" }, \"reverseDirection\" }\n"
                          "interaction { \"bug\", \"avatar\", \"spawnBehind\", stype = \"trail\", prob = 0.5 }\n"
                          "interaction { \"avatar\", \"rock\", \"killIfFrontal\", scoreChange = -5 }\n"
                          "interaction { \"rock\", \"avatar\", \"killIfNotFrontal\", scoreChange = 2 }\n"
                          "interaction { \"bug\", \"rock\", \"killIfAlive\", scoreChange = 1 }\n"
                          "interaction { \"trail\", \"bug\", \"killSprite\" }\n"
                          "interaction { \"rock\", \"bug\", \"halfSpeed\" }\n"
                          "termination { \"Timeout\", limit = 300, win = true }\n";

/* The code blocks of docs/scripting.md marked "<!-- test: append
 * parity.lua -->", concatenated, and the names of the fx.NAME they define. */
static void read_library(void) {
    char *doc;
    size_t len;
    vg_error err;
    assert_int_equal(io_read_file(repo_path("docs/scripting.md"), &doc, &len, &err), VG_OK);
    library = calloc(1, len + 1);
    assert_non_null(library);
    static const char mark[] = "<!-- test: append parity.lua -->\n```lua\n";
    for (const char *p = strstr(doc, mark); p; p = strstr(p, mark)) {
        p += strlen(mark);
        const char *end = strstr(p, "\n```");
        assert_non_null(end);
        strncat(library, p, (size_t)(end - p) + 1);
        p = end;
    }
    free(doc);
    for (const char *p = strstr(library, "fx."); p; p = strstr(p + 1, "fx.")) {
        char name[32];
        if (sscanf(p, "fx.%31[A-Za-z]", name) != 1) continue;
        int k = 0;
        while (k < nfx && strcmp(fx_names[k], name) != 0) k++;
        if (k == nfx && nfx < MAX_FX &&
            (strncmp(p - 9, "function ", 9) == 0 || strncmp(p + 3 + strlen(name), " =", 2) == 0 ||
             strncmp(p + 3 + strlen(name), ", fx.", 5) == 0))
            snprintf(fx_names[nfx++], sizeof fx_names[0], "%s", name);
    }
    assert_true(nfx >= 30);
}

static int fx_find(const char *name) {
    for (int k = 0; k < nfx; k++)
        if (strcmp(fx_names[k], name) == 0) return k;
    return -1;
}

/* Skips a Lua string or a { ... } list at 'p'; returns what follows, NULL if neither. */
static const char *skip_entry(const char *p) {
    if (*p == '"') {
        const char *q = strchr(p + 1, '"');
        return q ? q + 1 : NULL;
    }
    if (*p != '{') return NULL;
    const char *q = strchr(p, '}');
    return q ? q + 1 : NULL;
}

/* The value of 'key = "..."' in 'line' in 'out' (empty when absent). */
static void string_param(const char *line, const char *key, char *out, size_t size) {
    char pat[64];
    snprintf(pat, sizeof pat, " %s = \"", key);
    const char *p = strstr(line, pat);
    out[0] = '\0';
    if (p) snprintf(out, size, "%.*s", (int)strcspn(p + strlen(pat), "\""), p + strlen(pat));
}

/* The interaction line 'line' with its effect's Lua version in place of
 * the effect, in 'out' (with the Lua version's index in '*fx'); 0 when it
 * keeps its effect: no Lua version, timed by TIME, a use the document
 * names as not written, or an effect some shieldFrom of the game stops
 * (a shield stops built-in effects by their name). */
static int swap_line(const char *line, const char *shielded, char *out, size_t size, int *fx) {
    static const char head[] = "interaction { ";
    const char *a = strncmp(line, head, strlen(head)) == 0 ? line + strlen(head) : NULL;
    const char *b = a ? skip_entry(a) : NULL;
    const char *c = b && strncmp(b, ", ", 2) == 0 ? skip_entry(b + 2) : NULL;
    char name[32], quoted[40];
    if (!c || sscanf(c, ", \"%31[A-Za-z]\"", name) != 1 || (*fx = fx_find(name)) < 0) return 0;
    snprintf(quoted, sizeof quoted, "\"%s\"", name);
    if (strstr(line, "\"TIME\"") || strstr(shielded, quoted) ||
        (strcmp(name, "subtractHealthPoints") == 0 && strstr(line, " stype =")))
        return 0;
    const char *rest = c + 2 + strlen(name) + 2; /* after the effect's name: ", k = v ... }" or " }" */
    const char *close = strrchr(rest, '}');
    const char *rep = strstr(rest, "[\"repeat\"] = ");
    int params = strncmp(rest, ", ", 2) == 0;
    snprintf(out, size, "interaction { %.*s, fx.%s { %.*s }%s%.*s }", (int)(c - a), a, name,
             params ? (int)(close - rest - 3) : 0, params ? rest + 2 : "", rep ? ", " : "",
             rep ? (int)strcspn(rep, ",}") : 0, rep ? rep : "");
    return 1;
}

/* The game at 'game_path' converted to Lua with the Lua versions swapped
 * in, written to 'path': the library first, then the game, whose types
 * the swapped rows create are declared dynamic = true (a function does
 * not tell the engine what it creates: the error says to declare them so).
 * 0 when it does not convert. */
static int write_swapped(const char *game_path, const char *path) {
    char *lua = NULL, shielded[2048] = "", created[2048] = "", buf[8192], word[64];
    int fx;
    vg_error err;
    if (vg_game_convert(game_path, &lua, &err) != VG_OK) return 0;
    for (const char *p = strstr(lua, "\"shieldFrom\""); p; p = strstr(p + 1, "\"shieldFrom\"")) {
        string_param(p, "ftype", word, sizeof word);
        snprintf(shielded + strlen(shielded), sizeof shielded - strlen(shielded), "\"%s\" ", word);
    }
    for (char *line = lua; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char one[4096];
        snprintf(one, sizeof one, "%.*s", (int)strcspn(line, "\n"), line);
        if (!swap_line(one, shielded, buf, sizeof buf, &fx)) continue;
        string_param(one, "stype", word, sizeof word);
        snprintf(created + strlen(created), sizeof created - strlen(created), "\"%s\" ", word);
    }
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s\n", library);
    for (char *line = lua; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char one[4096], name[64];
        snprintf(one, sizeof one, "%.*s", (int)strcspn(line, "\n"), line);
        if (swap_line(one, shielded, buf, sizeof buf, &fx)) {
            fx_used[fx]++;
            fprintf(f, "%s\n", buf);
        } else if (sscanf(one, " sprite { \"%63[^\"]\"", name) == 1 && snprintf(word, sizeof word, "\"%s\"", name) &&
                   strstr(created, word) && strrchr(one, '}')) {
            fprintf(f, "%.*s, dynamic = true }\n", (int)(strrchr(one, '}') - one - 1), one);
        } else {
            fprintf(f, "%s\n", one);
        }
    }
    fclose(f);
    free(lua);
    return 1;
}

/* Replays the corpus trace of 'game' at level 'lvl' (seed 1..) on the
 * swapped script; 1 when it is exact, -1 when there is no such trace. */
static int replay(const char *game, const char *script, int lvl, const char *game_path) {
    char pattern[512];
    snprintf(pattern, sizeof pattern, CORPUS "/%s/lvl%d_seed*.actions", game, lvl);
    glob_t gl;
    if (glob(repo_path(pattern), 0, NULL, &gl) != 0) return -1;
    const char *actions = gl.gl_pathv[0];
    unsigned long seed = strtoul(strstr(actions, "_seed") + 5, NULL, 10);
    char jsonl[512], level[512], *text = NULL;
    snprintf(jsonl, sizeof jsonl, "%.*s.jsonl.gz", (int)(strlen(actions) - strlen(".actions")), actions);
    snprintf(level, sizeof level, "%.*s_lvl%d.txt", (int)(strlen(game_path) - 4), game_path, lvl);
    size_t len;
    vg_error err = {0};
    vg_game *g = NULL;
    vg_action *acts = NULL;
    int nacts = 0, exact = 0;
    assert_int_equal(io_read_file(level, &text, &len, &err), VG_OK);
    if (vg_game_load_text(script, text, level, &g, &err) != VG_OK) {
        print_error("%s level %d: %s:%d: %s\n", game, lvl, err.file, err.line, err.msg);
    } else if (read_actions(actions, &acts, &nacts)) {
        trace_diff d;
        exact = trace_replay(g, seed, acts, nacts, jsonl, 0, &d) == 0;
        if (!exact)
            print_error("%s level %d: tick %d: %s: want %s, got %s\n", game, lvl, d.tick, d.what, d.want, d.got);
    }
    free(acts);
    free(text);
    vg_game_free(g);
    globfree(&gl);
    return exact;
}

static void test_parity(void **state) {
    (void)state;
    if (!library) read_library();
    FILE *f = fopen(repo_path(CORPUS "/EXACT"), "r");
    assert_non_null(f);
    char line[256], script[256];
    int games = 0, traces = 0, bad = 0, slow = getenv("VGDL_SLOW") != NULL;
    const char *only = getenv("VGDL_PARITY_GAME"), *keep = getenv("VGDL_PARITY_KEEP");
    while (fgets(line, sizeof line, f)) {
        char game[64], game_path[256];
        line[strcspn(line, "#\r\n")] = '\0';
        if (sscanf(line, "%63s", game) != 1 || (only && strcmp(only, game) != 0)) continue;
        snprintf(game_path, sizeof game_path, "%s", repo_path(""));
        snprintf(game_path + strlen(game_path), sizeof game_path - strlen(game_path), "gvgai/%s.txt", game);
        if (access(game_path, F_OK) != 0) continue; /* contphysics/: not compared (see the document) */
        snprintf(script, sizeof script, "/tmp/vgdl-parity-%d/%s.lua", (int)getpid(), game);
        if (!write_swapped(game_path, script)) continue;
        games++;
        for (int lvl = 0; lvl < (slow ? 10 : 1); lvl++) {
            int r = replay(game, script, lvl, game_path);
            if (r < 0) break;
            traces++;
            bad += !r;
        }
        if (!keep) unlink(script);
    }
    fclose(f);
    printf("parity: %d games, %d traces replayed with the Lua effects, %d differ\n", games, traces, bad);
    assert_true(games >= 80);
    assert_int_equal(bad, 0);
}

/* Every Lua version replaced some row, in the corpus or the zoo. */
static void test_every_version_played(void **state) {
    (void)state;
    for (int k = 0; k < nfx; k++) {
        if (!fx_used[k]) print_error("fx.%s replaced no row\n", fx_names[k]);
        assert_true(fx_used[k] > 0);
    }
    free(library);
}

/* Writes 'text' (a game script) to 'path', with the Lua versions swapped
 * in when 'swapped'. */
static void write_zoo(const char *path, int swapped) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    if (swapped) fprintf(f, "%s\n", library);
    char copy[sizeof zoo], buf[8192];
    memcpy(copy, zoo, sizeof zoo);
    for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
        int fx;
        if (swapped && swap_line(line, "", buf, sizeof buf, &fx)) fprintf(f, "%s\n", buf), fx_used[fx]++;
        else if (swapped && strstr(line, "\"trail\", \"Immovable\""))
            fprintf(f, "%.*s, dynamic = true }\n", (int)strlen(line) - 2, line);
        else fprintf(f, "%s\n", line);
    }
    fclose(f);
}

static void test_zoo(void **state) {
    (void)state;
    if (!library) read_library();
    char builtin[128], lua[128];
    snprintf(builtin, sizeof builtin, "/tmp/vgdl-parity-%d/zoo.lua", (int)getpid());
    snprintf(lua, sizeof lua, "/tmp/vgdl-parity-%d/zoo_fx.lua", (int)getpid());
    write_zoo(builtin, 0);
    write_zoo(lua, 1);
    static const char map[] = "wwwwwwwwww\nw..b....rw\nw.A..b...w\nw...r..b.w\nwwwwwwwwww\n";
    vg_game *g1 = NULL, *g2 = NULL;
    vg_error err = {0};
    assert_int_equal(vg_game_load_text(builtin, map, "zoo", &g1, &err), VG_OK);
    if (vg_game_load_text(lua, map, "zoo", &g2, &err) != VG_OK) print_error("%s:%d: %s\n", err.file, err.line, err.msg);
    assert_non_null(g2);
    int scored = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        vg_state *s1 = vg_state_new(g1, seed), *s2 = vg_state_new(g2, seed);
        uint64_t r = seed;
        while (!vg_is_over(s1)) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            vg_action a = (vg_action)((r >> 33) % VG_NUM_ACTIONS);
            assert_int_equal(vg_advance(g1, s1, a, NULL), VG_OK);
            if (vg_advance(g2, s2, a, &err) != VG_OK) print_error("%s:%d: %s\n", err.file, err.line, err.msg);
            char t1[1 << 14], t2[1 << 14];
            vg_trace_json(g1, s1, (int)a, t1, sizeof t1);
            vg_trace_json(g2, s2, (int)a, t2, sizeof t2);
            if (strcmp(t1, t2) != 0) print_error("seed %d:\n%s\n%s\n", (int)seed, t1, t2);
            assert_string_equal(t1, t2);
        }
        scored += vg_score(s1) != 0;
        vg_state_free(s1);
        vg_state_free(s2);
    }
    assert_true(scored >= 5); /* the rules under test acted */
    vg_game_free(g1);
    vg_game_free(g2);
    unlink(builtin);
    unlink(lua);
}

static int make_dir(void **state) {
    (void)state;
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/vgdl-parity-%d", (int)getpid());
    return mkdir(dir, 0700) == 0 ? 0 : -1;
}

static int remove_dir(void **state) {
    (void)state;
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/vgdl-parity-%d", (int)getpid());
    return rmdir(dir) == 0 ? 0 : -1;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zoo),
        cmocka_unit_test(test_parity),
        cmocka_unit_test(test_every_version_played),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
