<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="roborally" tilewidth="64" tileheight="64" tilecount="54" columns="8">
 <image source="roborally.png" width="512" height="448"/>
 <tile id="0">
  <properties>
   <property name="kind" propertytype="CellKind" value="floor"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" propertytype="CellKind" value="pit"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="pit"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" propertytype="CellKind" value="deep_pit"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="deep_pit"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_N"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_E"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_S"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_W"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_N_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_N_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_E_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_E_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_S_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_S_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_W_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="belt"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="belt_W_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_N"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_E"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_S"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_W"/>
   <property name="turn" propertytype="Turn" value="none"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_N_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_N_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_E_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_E_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_S_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_S_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_W_left"/>
   <property name="turn" propertytype="Turn" value="left"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="express"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="express_W_right"/>
   <property name="turn" propertytype="Turn" value="right"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="kind" propertytype="CellKind" value="gear"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="rot" propertytype="Rotation" value="left"/>
   <property name="sprite" value="gear_left"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="kind" propertytype="CellKind" value="gear"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="rot" propertytype="Rotation" value="right"/>
   <property name="sprite" value="gear_right"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="kind" propertytype="CellKind" value="teleporter"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="teleporter"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="kind" propertytype="CellKind" value="randomizer"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="randomizer"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="kind" propertytype="CellKind" value="energy"/>
   <property name="role" propertytype="TileRole" value="space"/>
   <property name="sprite" value="energy"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="kind" propertytype="CellKind" value="push"/>
   <property name="role" propertytype="TileRole" value="element"/>
   <property name="sprite" value="push_N"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="kind" propertytype="CellKind" value="push"/>
   <property name="role" propertytype="TileRole" value="element"/>
   <property name="sprite" value="push_E"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="kind" propertytype="CellKind" value="push"/>
   <property name="role" propertytype="TileRole" value="element"/>
   <property name="sprite" value="push_S"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="kind" propertytype="CellKind" value="push"/>
   <property name="role" propertytype="TileRole" value="element"/>
   <property name="sprite" value="push_W"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="kind" propertytype="CellKind" value="crusher"/>
   <property name="role" propertytype="TileRole" value="element"/>
   <property name="sprite" value="crusher"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="role" propertytype="TileRole" value="wall"/>
   <property name="sprite" value="N"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="role" propertytype="TileRole" value="wall"/>
   <property name="sprite" value="E"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="role" propertytype="TileRole" value="wall"/>
   <property name="sprite" value="S"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="role" propertytype="TileRole" value="wall"/>
   <property name="sprite" value="W"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="role" propertytype="TileRole" value="laser"/>
   <property name="sprite" value="N"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="role" propertytype="TileRole" value="laser"/>
   <property name="sprite" value="E"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="role" propertytype="TileRole" value="laser"/>
   <property name="sprite" value="S"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="role" propertytype="TileRole" value="laser"/>
   <property name="sprite" value="W"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="marker" propertytype="MarkerKind" value="checkpoint"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="checkpoint"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="marker" propertytype="MarkerKind" value="start"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="start_N"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="marker" propertytype="MarkerKind" value="start"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="start_E"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="marker" propertytype="MarkerKind" value="start"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="start_S"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="marker" propertytype="MarkerKind" value="start"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="start_W"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="dir" propertytype="Direction" value="N"/>
   <property name="marker" propertytype="MarkerKind" value="reboot"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="reboot_N"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="dir" propertytype="Direction" value="E"/>
   <property name="marker" propertytype="MarkerKind" value="reboot"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="reboot_E"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="dir" propertytype="Direction" value="S"/>
   <property name="marker" propertytype="MarkerKind" value="reboot"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="reboot_S"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="dir" propertytype="Direction" value="W"/>
   <property name="marker" propertytype="MarkerKind" value="reboot"/>
   <property name="role" propertytype="TileRole" value="marker"/>
   <property name="sprite" value="reboot_W"/>
  </properties>
 </tile>
</tileset>
