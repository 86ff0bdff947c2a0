from wizard_p2p.cli import main

raise SystemExit(main())
