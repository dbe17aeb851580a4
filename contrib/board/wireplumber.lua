-- heartline-board: WirePlumber 0.4 (Debian 12) starts Bluetooth audio with no active login
-- seat, as on a board that runs Heartline from a user service at boot; without it no Bluetooth
-- sink ever appears there. WirePlumber 0.5 reads wireplumber.conf.d/90-heartline-board.conf.
bluez_monitor.properties["with-logind"] = false
