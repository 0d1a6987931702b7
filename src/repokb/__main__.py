from repokb.surfaces.cli import main

main()
