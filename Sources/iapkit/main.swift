print("iapkit")
