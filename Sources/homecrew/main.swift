import HomeCrewCLI
import HomeCrewWeb

HomeCrewMain.run(server: WebServer.run)
