#!/bin/sh
# pipewire-sample.sh FILE: appends to FILE, once a second until killed, what the PipeWire groups'
# failures are read from: the time, each audio node (its name, class and state) and each link
# between nodes (its ends and state), from pw-dump, then the sink inputs as pactl lists them.
while :; do
  printf '@ %s\n' "$(date +%s.%N)"
  pw-dump 2>/dev/null | jq -c '.[] |
    if .type == "PipeWire:Interface:Node" and ((.info.props["media.class"] // "") | test("Audio")) then
      {node: .id, name: .info.props["node.name"], app: .info.props["application.name"], class: .info.props["media.class"],
       state: .info.state, error: .info.error}
    elif .type == "PipeWire:Interface:Link" then
      {link: .id, out: .info["output-node-id"], in: .info["input-node-id"], state: .info.state, error: .info.error}
    else empty end' 2>/dev/null
  pactl list short sink-inputs 2>/dev/null
  sleep 1
done >>"$1"
