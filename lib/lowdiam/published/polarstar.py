"""PolarStar (Lakhotia et al., SPAA '24): Table 3, the simulated configurations.

``radix`` is the network radix for direct networks and all ports of a router for the indirect
fat-tree and Megafly (the paper's column).  The paper's "SF" is SpectralFly, i.e. LPS(23,13).
The PS-Pal row prints 993 routers / 4,965 endpoints; q = 8 gives 73 x 13 = 949 (a typo in the paper,
kept here as printed: these are the paper's numbers, not ours).
"""

CITATION = "polarstar"

TABLE3 = [
    {"name": "PS-IQ", "constructor": "polarstar", "args": (11, "iq", 3), "kwargs": {"endpoints_per_router": 5},
         "routers": 1064, "radix": 15, "endpoints": 5320},
    {"name": "PS-Pal", "constructor": "polarstar", "args": (8, "paley", 6), "kwargs": {"endpoints_per_router": 5},
         "routers": 993, "radix": 15, "endpoints": 4965},
    {"name": "BF", "constructor": "bundlefly", "args": (9, 7), "kwargs": {"endpoints_per_router": 5},
         "routers": 882, "radix": 15, "endpoints": 4410},
    {"name": "SF", "constructor": "lps", "args": (23, 13), "kwargs": {"endpoints_per_router": 8},
         "routers": 1092, "radix": 24, "endpoints": 8736},
    {"name": "HX", "constructor": "hyperx", "args": (9, 9, 8), "kwargs": {"endpoints_per_router": 8},
         "routers": 648, "radix": 23, "endpoints": 5184},
    {"name": "DF", "constructor": "dragonfly", "args": (12, 6, 6), "routers": 876, "radix": 17, "endpoints": 5256},
    {"name": "MF", "constructor": "megafly", "args": (8, 16, 8), "routers": 1040, "radix": 16, "endpoints": 4160},
    {"name": "FT", "constructor": "fat_tree", "args": (18, 3), "routers": 972, "radix": 36, "endpoints": 5832},
]
