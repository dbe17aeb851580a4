-- heartline-board: WirePlumber 0.4 (Debian 12) gives a sound card or a headset it meets for the
-- first time its full volume, as PulseAudio does, instead of its own default of 40 % (0.064 on
-- the linear scale, a quarter as loud): on a board with no screen nothing else would raise it.
-- A volume set later (the headset's buttons) is kept for that device as before. WirePlumber 0.5
-- reads wireplumber.conf.d/90-heartline-board.conf instead. The name sorts after
-- 40-device-defaults.lua, which sets the properties, and before 90-enable-all.lua, which starts
-- the policy with them.
device_defaults.properties["default-volume"] = 1.0
