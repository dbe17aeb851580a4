-- heartline-board: WirePlumber 0.4 (Debian 12) starts Bluetooth audio with no active login
-- seat, as on a board that runs Heartline from a user service at boot; without it no Bluetooth
-- sink ever appears there. WirePlumber 0.5 reads wireplumber.conf.d/90-heartline-board.conf.
-- Its name sorts after 50-bluez-config.lua, which sets the property, and before
-- 90-enable-all.lua, which starts the monitor with the properties as they are then: a file
-- read after that one changes nothing.
bluez_monitor.properties["with-logind"] = false
