from repokb.surfaces.cli import run

run()
