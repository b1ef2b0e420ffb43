"""``python -m lowdiam.sim.routings``: write the kernels' generated routing dispatch and name its files.

Importing the package already (re)writes them when the routing modules changed (:mod:`.codegen`); this names
them, and whether this run wrote them.
"""

from __future__ import annotations

from . import _WRITTEN, codegen

for _name in codegen.GENERATED:
    print(f"{'wrote' if _name in _WRITTEN else 'up to date'}: {codegen.PACKAGE_DIR / _name}")
