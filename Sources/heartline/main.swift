print("heartline")
