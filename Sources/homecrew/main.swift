import HomeCrewCLI
HomeCrewMain.run()
