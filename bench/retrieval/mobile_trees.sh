#!/bin/sh
# The trees of bench/retrieval/mobile.py, under DIR (default ./mobile-trees): npm tarballs of
# native modules, each shipping its JS/TS side with `android/` and `ios/` folders, and the
# React Native app template (Gradle, Podfile, AppDelegate, Info.plist, an Xcode project).
#     sh bench/retrieval/mobile_trees.sh DIR
#     for p in device-info permissions keychain push-notifications camera location template; do
#         repokb index DIR/$p; done
set -eu
DIR=$(realpath -m "${1:-mobile-trees}")
mkdir -p "$DIR/dl" && cd "$DIR/dl"
for spec in device-info=react-native-device-info@15.0.2 \
    permissions=react-native-permissions@5.6.2 keychain=react-native-keychain@10.0.0 \
    push-notifications=@capacitor/push-notifications@8.1.2 camera=cordova-plugin-camera@8.0.0 \
    location=expo-location@57.0.20 template=@react-native-community/template@0.87.2; do
  name=${spec%%=*}
  tgz=$(npm pack --silent "${spec#*=}")
  mkdir -p "x_$name" && tar xzf "$tgz" -C "x_$name"
  rm -rf "${DIR:?}/$name" && mv "x_$name/package" "$DIR/$name"
done
cd "$DIR" && rm -rf dl
