"""Layout, cable, cost and power models (notebook 06).

:mod:`.layout` places routers in cabinets and measures cables; :mod:`.models`
prices routers and cables and estimates power; :mod:`.tables` computes the
rows of the papers' cost / layout tables (SpectralFly Table II, Galaxyfly
Table 6 and Sec. 5.3, PolarStar Sec. 8, Polarized Table 4); :mod:`.scaling` sizes balanced
Dragonfly and Dragonfly+ networks per radix (Galaxyfly Fig. 13).
"""
