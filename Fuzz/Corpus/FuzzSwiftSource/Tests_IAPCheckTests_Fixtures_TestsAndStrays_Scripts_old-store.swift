// A script kept from the first prototype; no target compiles it.
let productIDs = ["com.example.pebble.gem", "com.example.Pebble.pro"]
