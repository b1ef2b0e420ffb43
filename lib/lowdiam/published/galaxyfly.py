"""Galaxyfly (Lei, Dong, Liao, TPDS 2021): Table 2 (configuration classes), Table 3 (GF vs DF bisection) and
Table 5 (configurations, beta).

Table 2 lists five configuration classes of GF(n, q, a, p, h) with their diameter (the text calls 5 "the
diameter upper bound"); ``lowdiam.theory.galaxyfly_table2_row`` maps (n, q, a) to a row.

Table 5 rows give the total router radix r = p + (a - 1) + h, the diameter, N_r and the bisection ratio
beta = C_min / (N / 2); the comparator rows (FT, FB, SF, DF) carry beta only.  Table 3 rows give N_r, the
bisection C_min and beta of GF(n, q, a, p) and of the Dragonflies DF = GF(n, 1, a, p).
"""

CITATION = "galaxyfly"

TABLE5 = [
    {"name": "GF(11,29,1,10)", "constructor": "galaxyfly", "args": (11, 29, 1, 10), "radix": 34, "diameter": 2, "routers": 319, "beta": 0.60},
    {"name": "GF(15,29,1,7)", "constructor": "galaxyfly", "args": (15, 29, 1, 7), "radix": 35, "diameter": 2, "routers": 435, "beta": 1.12},
    {"name": "GF(56,1,11,5)", "constructor": "galaxyfly", "args": (56, 1, 11, 5), "radix": 20, "diameter": 3, "routers": 616, "beta": 0.51},
    {"name": "GF(81,1,10,4)", "constructor": "galaxyfly", "args": (81, 1, 10, 4), "radix": 21, "diameter": 3, "routers": 810, "beta": 1.01},
    {"name": "GF(11,29,2,5)", "constructor": "galaxyfly", "args": (11, 29, 2, 5), "radix": 18, "diameter": 4, "routers": 638, "beta": 0.59},
    {"name": "GF(15,37,2,3)", "constructor": "galaxyfly", "args": (15, 37, 2, 3), "radix": 20, "diameter": 4, "routers": 1110, "beta": 1.13},
    {"name": "GF(11,37,4,2)", "constructor": "galaxyfly", "args": (11, 37, 4, 2), "radix": 12, "diameter": 5, "routers": 1628, "beta": 0.62},
    {"name": "GF(15,29,4,2)", "constructor": "galaxyfly", "args": (15, 29, 4, 2), "radix": 12, "diameter": 5, "routers": 1740, "beta": 0.68},
]
TABLE5_COMPARATORS = [
    {"name": "FT", "constructor": "fat_tree", "args": (15, 3), "routers": 675, "beta": 1.0},
    {"name": "FB", "constructor": "hyperx", "args": (8, 8, 8), "endpoints_per_router": 6, "routers": 512, "beta": 1.33},
    {"name": "SF", "constructor": "slimfly", "args": (13,), "endpoints_per_router": 10, "routers": 338, "beta": 0.65},
    {"name": "DF", "constructor": "dragonfly", "args": (11, 5, 5), "routers": 616, "beta": 0.50},
]
TABLE3 = [  # kind, GF(n, q, a, p), N_r, C_min, beta
    {"kind": k, "args": a, "routers": n, "bisection": c, "beta": b} for k, a, n, c, b in [
        ("DF", (9, 1, 4, 2), 36, 20, 0.56), ("DF", (19, 1, 6, 3), 114, 94, 0.55), ("DF", (33, 1, 8, 4), 264, 275, 0.52),
        ("DF", (55, 1, 10, 5), 550, 701, 0.51), ("DF", (73, 1, 12, 6), 876, 1332, 0.51),
        ("GF", (5, 7, 4, 2), 140, 44, 0.31), ("GF", (9, 19, 6, 3), 1026, 560, 0.36), ("GF", (17, 31, 8, 4), 4216, 2350, 0.28),
        ("GF", (30, 53, 10, 5), 15900, 14026, 0.35), ("GF", (37, 73, 12, 6), 32412, 36676, 0.38)]
]
TABLE2 = [  # configuration, diameter, description (in the paper's order)
    {"configuration": "GF(n=1, q=1, a>1, p, h)", "diameter": 1, "description": "Fully connected graph"},
    {"configuration": "GF(n>1, q=1, a=1, p, h)", "diameter": 1, "description": "Fully connected graph"},
    {"configuration": "GF(n>1, q>1, a=1, p, h)", "diameter": 2, "description": "Galaxy graph"},
    {"configuration": "GF(n>1, q=1, a>1, p, h)", "diameter": 3, "description": "Dragonfly"},
    {"configuration": "GF(n>1, q>1, a>1, p, h)", "diameter": 5, "description": "General configurations"},
]
