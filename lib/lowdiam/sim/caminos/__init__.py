"""CAMINOS router model (``router="caminos"``): the simulator of the Polarized-routing paper.

Placeholder docstring, completed below.
"""

from .driver import ROUTER_OPTIONS, ROUTINGS, required_vcs, run_caminos
from .routing import polarized_longest_route

__all__ = ["ROUTER_OPTIONS", "ROUTINGS", "polarized_longest_route", "required_vcs", "run_caminos"]
