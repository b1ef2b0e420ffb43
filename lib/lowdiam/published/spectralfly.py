"""SpectralFly (Young et al., IPDPS 2022): Table I, structural properties at five size classes.

Columns: routers, radix, diameter, mean distance, girth and mu1 = (k - lambda(G)) / k, with
lambda(G) the largest-magnitude nontrivial adjacency eigenvalue (the paper prints two decimals).
"""

CITATION = "spectralfly"
COLUMNS = ("routers", "radix", "diameter", "distance", "girth", "mu1")

_ROWS = [  # label, constructor, args, routers, radix, diameter, distance, girth, mu1
    ("LPS(11,7)", "lps", (11, 7), 168, 12, 3, 2.39, 3, 0.50), ("SF(7)", "slimfly", (7,), 98, 11, 2, 1.89, 3, 0.62),
    ("BF(13,3)", "bundlefly", (13, 3), 234, 11, 3, 2.56, 3, 0.27),
    ("DF(12)", "dragonfly_canonical", (12,), 156, 12, 3, 2.70, 3, 0.08),
    ("LPS(23,11)", "lps", (23, 11), 660, 24, 3, 2.35, 3, 0.65), ("SF(17)", "slimfly", (17,), 578, 25, 2, 1.96, 3, 0.64),
    ("BF(37,3)", "bundlefly", (37, 3), 666, 23, 3, 2.61, 3, 0.13),
    ("DF(24)", "dragonfly_canonical", (24,), 600, 24, 3, 2.84, 3, 0.04),
    ("LPS(53,17)", "lps", (53, 17), 2448, 54, 3, 2.32, 3, 0.74), ("SF(37)", "slimfly", (37,), 2738, 55, 2, 1.98, 3, 0.65),
    ("BF(97,4)", "bundlefly", (97, 4), 3104, 54, 3, 2.76, 3, 0.07),
    ("DF(53)", "dragonfly_canonical", (53,), 2862, 53, 3, 2.93, 3, 0.02),
    ("LPS(71,17)", "lps", (71, 17), 4896, 72, 4, 2.61, 4, 0.77), ("SF(47)", "slimfly", (47,), 4418, 71, 2, 1.98, 3, 0.66),
    ("BF(137,4)", "bundlefly", (137, 4), 4384, 74, 3, 2.76, 3, 0.05),
    ("DF(69)", "dragonfly_canonical", (69,), 4830, 69, 3, 2.94, 3, 0.01),
    ("LPS(89,19)", "lps", (89, 19), 6840, 90, 4, 2.61, 4, 0.80), ("SF(59)", "slimfly", (59,), 6962, 89, 2, 1.99, 3, 0.66),
    ("BF(157,5)", "bundlefly", (157, 5), 7850, 85, 3, 2.82, 3, 0.06),
    ("DF(85)", "dragonfly_canonical", (85,), 7310, 85, 3, 2.95, 3, 0.01),
]
TABLE_I = [dict(name=r[0], constructor=r[1], args=r[2], **dict(zip(COLUMNS, r[3:]))) for r in _ROWS]
